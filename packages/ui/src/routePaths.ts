// Where each page lives, by name: the routes (routes.tsx) mount the pages at these paths.

/** Each page's path under the layout, as react-router writes it (`:name` is a parameter). */
export const ROUTE_PATHS = {
  login: 'login',
  register: 'register',
  dashboard: 'dashboard',
  discussions: 'discussions',
  createDiscussion: 'discussions/create',
  discussionDetail: 'discussions/:id',
  community: 'community',
  classes: 'classes',
  createClass: 'classes/create',
  classDetail: 'classes/:id',
  editClass: 'classes/:id/edit',
  classRoster: 'classes/:id/roster',
  classInsight: 'classes/:id/insight',
  reviews: 'classes/:classId/reviews',
  profile: 'profile',
  settings: 'settings',
  notifications: 'notifications',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  unsubscribe: 'unsubscribe',
  admin: 'admin',
} as const;

export type PageName = keyof typeof ROUTE_PATHS;
