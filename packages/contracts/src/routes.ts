/**
 * The gateway's route table: which service answers which path prefix. The one place it lives;
 * the gateway builds its proxies from it and a test walks every path of spec section 7 through it.
 */
export const SERVICES = ['auth', 'forum', 'social', 'chat', 'commerce', 'moderation', 'search', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Default ports; each is overridable by `<SERVICE>_PORT` / `<SERVICE>_URL`. */
export const SERVICE_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 8080,
  auth: 4001,
  forum: 4002,
  social: 4003,
  chat: 4004,
  commerce: 4005,
  moderation: 4006,
  search: 4007,
  notifications: 4008,
};

/** The gateway's internal listener (/readyz naming every upstream, /metrics): never routed publicly. */
export const GATEWAY_INTERNAL_PORT = 9464;

/**
 * Each entry matches a path exactly or as a prefix followed by '/' or '?'. More specific
 * entries need no ordering: no two services share a prefix (e.g. /api/profile is an exact
 * match for auth while /api/profile/posts belongs to forum).
 */
export const ROUTE_TABLE: ReadonlyArray<{ service: ServiceName; exact?: string[]; prefix?: string[] }> = [
  {
    service: 'auth',
    exact: ['/api/profile'],
    prefix: [
      '/api/auth/user', '/api/colleges', '/api/login', '/api/register', '/api/register-admin', '/api/logout',
      '/api/complete-profile', '/api/profile/update', '/api/tutorial/complete', '/api/admin/users',
      '/api/admin/change-college', '/api/debug/session', '/api/settings', '/api/admin/admins', '/api/auth/2fa',
      '/api/auth/verify-email', '/api/account',
    ],
  },
  {
    service: 'forum',
    prefix: [
      '/api/topics', '/api/posts', '/api/comments', '/api/user/stats', '/api/profile/posts',
      '/api/profile/comments', '/api/ideas', '/api/polls',
    ],
  },
  {
    service: 'social',
    prefix: ['/api/friends', '/api/friend-requests', '/api/search/users', '/api/users/search', '/api/blocks'],
  },
  { service: 'chat', prefix: ['/api/chats', '/api/messages', '/api/groups', '/ws'] },
  {
    service: 'commerce',
    prefix: [
      '/api/subscription-status', '/api/cancel-subscription', '/api/create-subscription', '/api/payments/submit',
      '/api/admin/payment-requests', '/api/admin/update-payment', '/api/admin/manual-subscription',
    ],
  },
  {
    service: 'moderation',
    prefix: [
      '/api/reports', '/api/admin/reports', '/api/admin/banned-users', '/api/admin/ban-user',
      '/api/admin/unban-user', '/api/appeals', '/api/admin/appeals', '/api/admin/reveal', '/api/admin/audit-log',
    ],
  },
  // Exactly /api/search: /api/search/users stays social's.
  { service: 'search', exact: ['/api/search'] },
  { service: 'notifications', prefix: ['/api/notifications'] },
];

/** Which service serves `path` (query string allowed), or undefined. */
export function serviceForPath(path: string): ServiceName | undefined {
  const bare = path.split('?')[0]!;
  for (const route of ROUTE_TABLE) {
    if (route.exact?.includes(bare)) return route.service;
    if (route.prefix?.some((p) => bare === p || bare.startsWith(p + '/'))) return route.service;
  }
  return undefined;
}
