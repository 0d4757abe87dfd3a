/** Every route of the app, typed, so links and the router cannot drift (spec section 2). */
export const paths = {
  home: '/',
  auth: '/auth',
  debugCookies: '/debug-cookies',
  completeProfile: '/complete-profile',
  subscribe: '/subscribe',
  subscriptionRequired: '/subscription-required',
  deviceSelection: '/device-selection',
  adminPanel: '/admin-panel',
  adminReports: '/admin-reports',
  /** The link an admin invitation e-mails (its token in the path); open to visitors. */
  adminInvite: '/admin-invite/:token',
  /** The link the registration e-mail carries (its token in the path); open to visitors. */
  verifyEmail: '/verify-email/:token',
  profile: '/profile',
  friends: '/friends',
  messages: '/messages',
  payment: '/payment',
  ideas: '/ideas',
  idea: '/ideas/:id',
  polls: '/polls',
  search: '/search',
  post: '/posts/:id',
  subscriptionSettings: '/subscription-settings',
  /** Old or shortcut addresses that just send the user home. */
  redirect: '/redirect',
  homeAlias: '/home',
  logout: '/api/logout',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const ideaPath = (id: string | number) => `/ideas/${encodeURIComponent(String(id))}`;

/** Routes only a signed-in user may see; a visitor on one is told and sent to /auth. */
export const signedInOnlyPaths: readonly string[] = [
  paths.completeProfile, paths.subscribe, paths.subscriptionRequired, paths.deviceSelection, paths.adminPanel,
  paths.adminReports, paths.profile, paths.friends, paths.messages, paths.payment, paths.polls,
  paths.subscriptionSettings, paths.search, paths.post,
];
