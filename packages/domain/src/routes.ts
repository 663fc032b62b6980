/**
 * Named routes of the web app (SPEC section 2). Names starting with `dashboard` belong to the
 * staff area and names starting with `investor` to the investor area.
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  'password-forgot': '/forgot-password',
  'password-reset': '/reset-password',
  'invitation-accept': '/accept-invitation',
  dashboard: '/dashboard',
  'dashboard-login': '/dashboard/login',
  'dashboard-report': '/dashboard/report',
  'dashboard-auth': '/dashboard/auth',
  'dashboard-calendar': '/dashboard/calendar',
  /** Work logs (issue 11): beyond the spec's pages, every staff member's record of their work. */
  'dashboard-worklog': '/dashboard/worklog',
  /** The to-do centre (issue 11): one's open to-dos across cases and clients. */
  'dashboard-todo': '/dashboard/todo',
  'dashboard-cards': '/dashboard/cards',
  'dashboard-group': '/dashboard/group',
  'dashboard-group-id': '/dashboard/group/:id',
  'dashboard-investor': '/dashboard/investor',
  'dashboard-investor-id': '/dashboard/investor/:id',
  'dashboard-config-contract': '/dashboard/config/contract',
  /** The investor Q&A's editor (issue 13): beyond the spec's pages, admin only like the contract configuration. */
  'dashboard-config-qa': '/dashboard/config/qa',
  'dashboard-contact-type': '/dashboard/contact/:type?',
  'dashboard-manager-project': '/dashboard/manager/:project',
  investor: '/investor',
  'investor-industry': '/investor/industry',
  'investor-industry-id': '/investor/industry/:id',
  'investor-industry-detail': '/investor/industry/detail',
  'investor-industry-detail-id': '/investor/industry/detail/:id',
  'investor-industry-investment': '/investor/industry/investment',
  'investor-industry-record': '/investor/industry/record',
  'investor-cases': '/investor/cases',
  'investor-cases-post-investment': '/investor/cases/post_investment',
  'investor-cases-drop': '/investor/cases/drop',
  'investor-cases-status': '/investor/cases/:status',
  'investor-cases-detail': '/investor/cases/detail',
  /** With the sub-page: summary-of-terms (default), custom-data, download-content, nda, loi, coi. */
  'investor-cases-detail-caseid': '/investor/cases/detail/:caseid/:section?',
  'investor-changePassword': '/investor/changePassword',
  'investor-contact': '/investor/contact',
  'investor-contract': '/investor/contract',
  'investor-qa': '/investor/qa',
  'investor-redirect': '/investor/redirect',
  startup: '/startup',
  'startup-account': '/startup/account',
} as const;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export const DASHBOARD_ROUTE_NAMES = ROUTE_NAMES.filter((n) => n.startsWith('dashboard'));
export const INVESTOR_ROUTE_NAMES = ROUTE_NAMES.filter((n) => n.startsWith('investor'));

/** Pages open to anonymous visitors (login-type pages are also guest-only). */
export const GUEST_ONLY_ROUTES: readonly RouteName[] = [
  'login',
  'dashboard-login',
  'register',
  // Account links: the mailed token travels in the fragment (#token=), never to a server or a Referer.
  'password-forgot',
  'password-reset',
  'invitation-accept',
];
export const PUBLIC_ROUTES: readonly RouteName[] = ['home', ...GUEST_ONLY_ROUTES];

/**
 * Fills `:param` placeholders; optional params (`:type?`) left empty are dropped. A missing required
 * param throws rather than silently building the parent page's path (`/dashboard/group/:id` without an
 * id is not `/dashboard/group`).
 */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  const path = ROUTES[name].replace(/\/:(\w+)(\?)?/g, (_m, key: string, optional: string | undefined) => {
    const v = params[key];
    if (v === undefined || v === '') {
      if (optional) return '';
      throw new Error(`routePath(${name}): missing required param "${key}"`);
    }
    const segment = String(v);
    // `.` and `..` (even percent-encoded) are resolved by the browser to another page.
    if (segment === '.' || segment === '..') {
      throw new Error(`routePath(${name}): param "${key}" may not be "${segment}"`);
    }
    return `/${encodeURIComponent(segment)}`;
  });
  return path === '' ? '/' : path;
}
