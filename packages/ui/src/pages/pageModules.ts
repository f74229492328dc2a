import { preloadable } from '../components/preloadable';

// Every route but the landing page is its own chunk, loaded when first visited: the landing page stays
// light. The routes (AppRoutes.tsx) and the web shell's boot script (boot.ts), which starts the chunk of
// the page being opened before the app itself has loaded, share these loaders and so one download.
export const pageModules = {
  login: preloadable(() => import('./auth/LoginPage')),
  register: preloadable(() => import('./auth/RegisterPage')),
  dashboard: preloadable(() => import('./dashboard/DashboardPage')),
  discussions: preloadable(() => import('./discussions/DiscussionsPage')),
  createDiscussion: preloadable(() => import('./discussions/CreateDiscussionPage')),
  discussionDetail: preloadable(() => import('./discussions/DiscussionDetailPage')),
  community: preloadable(() => import('./community/CommunityPage')),
  classes: preloadable(() => import('./classes/ClassesPage')),
  createClass: preloadable(() => import('./classes/CreateClassPage')),
  classDetail: preloadable(() => import('./classes/ClassDetailPage')),
  editClass: preloadable(() => import('./classes/EditClassPage')),
  classRoster: preloadable(() => import('./classes/roster/ClassRosterPage')),
  classInsight: preloadable(() => import('./classes/insight/ClassInsightPage')),
  reviews: preloadable(() => import('./reviews/ReviewsPage')),
  profile: preloadable(() => import('./profile/ProfilePage')),
  settings: preloadable(() => import('./settings/SettingsPage')),
  forgotPassword: preloadable(() => import('./auth/ForgotPasswordPage')),
  resetPassword: preloadable(() => import('./auth/ResetPasswordPage')),
  unsubscribe: preloadable(() => import('./notifications/UnsubscribePage')),
  admin: preloadable(() => import('./admin/AdminPage')),
};
