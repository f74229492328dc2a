import { Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth, RequireMentor } from './auth/guards';
import { lazyPage } from './components/lazyPage';
import { Layout } from './layout/Layout';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { pageModules } from './pages/pageModules';
import { ROUTE_PATHS } from './routePaths';

// Every route but the landing page is its own chunk (see pageModules.ts), each in its own Suspense, at
// its path in routePaths.ts (which the boot script reads too).
const LoginPage = lazyPage(pageModules.login, 'LoginPage');
const RegisterPage = lazyPage(pageModules.register, 'RegisterPage');
const DashboardPage = lazyPage(pageModules.dashboard, 'DashboardPage');

// Discussions and community.
const DiscussionsPage = lazyPage(pageModules.discussions, 'DiscussionsPage');
const CreateDiscussionPage = lazyPage(pageModules.createDiscussion, 'CreateDiscussionPage');
const DiscussionDetailPage = lazyPage(pageModules.discussionDetail, 'DiscussionDetailPage');
const CommunityPage = lazyPage(pageModules.community, 'CommunityPage');

// Classes and reviews.
const ClassesPage = lazyPage(pageModules.classes, 'ClassesPage');
const CreateClassPage = lazyPage(pageModules.createClass, 'CreateClassPage');
const ClassDetailPage = lazyPage(pageModules.classDetail, 'ClassDetailPage');
const EditClassPage = lazyPage(pageModules.editClass, 'EditClassPage');
const ClassRosterPage = lazyPage(pageModules.classRoster, 'ClassRosterPage');
const ClassInsightPage = lazyPage(pageModules.classInsight, 'ClassInsightPage');
const ReviewsPage = lazyPage(pageModules.reviews, 'ReviewsPage');

// Account: profile, settings and password reset.
const ProfilePage = lazyPage(pageModules.profile, 'ProfilePage');
const SettingsPage = lazyPage(pageModules.settings, 'SettingsPage');
const ForgotPasswordPage = lazyPage(pageModules.forgotPassword, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(pageModules.resetPassword, 'ResetPasswordPage');
const UnsubscribePage = lazyPage(pageModules.unsubscribe, 'UnsubscribePage');

// Admin dashboard, behind the admin-only guard.
const AdminPage = lazyPage(pageModules.admin, 'AdminPage');

/** Every screen of SPEC.md section 2, with the guards of section 6, and the deliberate additions of DESIGN.md. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route
          path={ROUTE_PATHS.login}
          element={
            <RedirectIfSignedIn>
              <LoginPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path={ROUTE_PATHS.register}
          element={
            <RedirectIfSignedIn>
              <RegisterPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path={ROUTE_PATHS.dashboard}
          element={
            <RequireAuth>
              <DashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.discussions}
          element={
            <RequireAuth>
              <DiscussionsPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.createDiscussion}
          element={
            <RequireAuth>
              <CreateDiscussionPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.discussionDetail}
          element={
            <RequireAuth>
              <DiscussionDetailPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.community}
          element={
            <RequireAuth>
              <CommunityPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.classes}
          element={
            <RequireAuth>
              <ClassesPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.createClass}
          element={
            <RequireMentor>
              <CreateClassPage />
            </RequireMentor>
          }
        />
        <Route
          path={ROUTE_PATHS.classDetail}
          element={
            <RequireAuth>
              <ClassDetailPage />
            </RequireAuth>
          }
        />
        {/* Its mentor only (the page says so to anyone else, as the server would). */}
        <Route
          path={ROUTE_PATHS.editClass}
          element={
            <RequireAuth>
              <EditClassPage />
            </RequireAuth>
          }
        />
        {/* Its mentor and admins. */}
        <Route
          path={ROUTE_PATHS.classRoster}
          element={
            <RequireAuth>
              <ClassRosterPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.classInsight}
          element={
            <RequireAuth>
              <ClassInsightPage />
            </RequireAuth>
          }
        />
        {/* No guard (SPEC.md section 2): signed out, the page itself offers to sign in. */}
        <Route path={ROUTE_PATHS.reviews} element={<ReviewsPage />} />
        <Route
          path={ROUTE_PATHS.profile}
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTE_PATHS.settings}
          element={
            <RequireAuth>
              <SettingsPage />
            </RequireAuth>
          }
        />
        {/* Open. Signed in, /forgot-password sends to /settings; a reset link still works (it signs out after). */}
        <Route path={ROUTE_PATHS.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={ROUTE_PATHS.resetPassword} element={<ResetPasswordPage />} />
        {/* Open: an email's link, signed for one person and one topic, needs no sign-in. */}
        <Route path={ROUTE_PATHS.unsubscribe} element={<UnsubscribePage />} />
        <Route
          path={ROUTE_PATHS.admin}
          element={
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
