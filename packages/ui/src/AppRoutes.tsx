import { Route, Routes } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth, RequireMentor } from './auth/guards';
import { lazyPage } from './components/lazyPage';
import { Layout } from './layout/Layout';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';

// Every route but the landing page is its own chunk, loaded when first visited: the landing page stays light.
const LoginPage = lazyPage(() => import('./pages/auth/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./pages/auth/RegisterPage'), 'RegisterPage');
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage');

// Discussions and community.
const DiscussionsPage = lazyPage(() => import('./pages/discussions/DiscussionsPage'), 'DiscussionsPage');
const CreateDiscussionPage = lazyPage(() => import('./pages/discussions/CreateDiscussionPage'), 'CreateDiscussionPage');
const DiscussionDetailPage = lazyPage(() => import('./pages/discussions/DiscussionDetailPage'), 'DiscussionDetailPage');
const CommunityPage = lazyPage(() => import('./pages/community/CommunityPage'), 'CommunityPage');

// Classes and reviews: each route its own chunk too (lazyPage wraps it in its own Suspense).
const ClassesPage = lazyPage(() => import('./pages/classes/ClassesPage'), 'ClassesPage');
const CreateClassPage = lazyPage(() => import('./pages/classes/CreateClassPage'), 'CreateClassPage');
const ClassDetailPage = lazyPage(() => import('./pages/classes/ClassDetailPage'), 'ClassDetailPage');
const ReviewsPage = lazyPage(() => import('./pages/reviews/ReviewsPage'), 'ReviewsPage');

// Account: profile, settings and password reset, each its own chunk.
const ProfilePage = lazyPage(() => import('./pages/profile/ProfilePage'), 'ProfilePage');
const SettingsPage = lazyPage(() => import('./pages/settings/SettingsPage'), 'SettingsPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage');

// Admin dashboard: its own chunk, behind the admin-only guard.
const AdminPage = lazyPage(() => import('./pages/admin/AdminPage'), 'AdminPage');

/** Every screen of SPEC.md section 2, with the guards of section 6, and the deliberate additions of DESIGN.md. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route
          path="login"
          element={
            <RedirectIfSignedIn>
              <LoginPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="register"
          element={
            <RedirectIfSignedIn>
              <RegisterPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="dashboard"
          element={
            <RequireAuth>
              <DashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path="discussions"
          element={
            <RequireAuth>
              <DiscussionsPage />
            </RequireAuth>
          }
        />
        <Route
          path="discussions/create"
          element={
            <RequireAuth>
              <CreateDiscussionPage />
            </RequireAuth>
          }
        />
        <Route
          path="discussions/:id"
          element={
            <RequireAuth>
              <DiscussionDetailPage />
            </RequireAuth>
          }
        />
        <Route
          path="community"
          element={
            <RequireAuth>
              <CommunityPage />
            </RequireAuth>
          }
        />
        <Route
          path="classes"
          element={
            <RequireAuth>
              <ClassesPage />
            </RequireAuth>
          }
        />
        <Route
          path="classes/create"
          element={
            <RequireMentor>
              <CreateClassPage />
            </RequireMentor>
          }
        />
        <Route
          path="classes/:id"
          element={
            <RequireAuth>
              <ClassDetailPage />
            </RequireAuth>
          }
        />
        {/* No guard (SPEC.md section 2): signed out, the page itself offers to sign in. */}
        <Route path="classes/:classId/reviews" element={<ReviewsPage />} />
        <Route
          path="profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path="settings"
          element={
            <RequireAuth>
              <SettingsPage />
            </RequireAuth>
          }
        />
        {/* Open. Signed in, /forgot-password sends to /settings; a reset link still works (it signs out after). */}
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route
          path="admin"
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
