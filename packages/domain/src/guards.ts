import { canSeeClient } from './clientRules.ts';
import type { ContactStage } from './stages.ts';
import type { StaffRole, Strategy } from './roles.ts';
import { PUBLIC_ROUTES, type RouteName } from './routes.ts';

/** Dashboard routes each staff role may not open (SPEC section 6). admin passes every guard. */
export const DASHBOARD_BLOCKED: Record<StaffRole, readonly RouteName[]> = {
  admin: [],
  ao: [
    'dashboard-investor',
    'dashboard-contact-type',
    'dashboard-auth',
    'dashboard-config-contract',
    'dashboard-config-qa',
    'dashboard-group',
    'dashboard-group-id',
    'dashboard-investor-id',
  ],
  ir: [
    'dashboard',
    'dashboard-auth',
    'dashboard-config-contract',
    'dashboard-config-qa',
    'dashboard-manager-project',
  ],
  sa: [
    'dashboard',
    'dashboard-contact-type',
    'dashboard-auth',
    'dashboard-config-contract',
    'dashboard-config-qa',
    'dashboard-manager-project',
  ],
};

export type ReportType = 'case' | 'investor';

/** The staff home: the report of type case for admin and ao, investor for ir and sa. */
export function staffReportType(role: StaffRole): ReportType {
  return role === 'admin' || role === 'ao' ? 'case' : 'investor';
}

export function staffHome(role: StaffRole): string {
  return `/dashboard/report?type=${staffReportType(role)}`;
}

/** Where a blocked staff member is sent: report type case for ao, type investor for the others. */
function blockedTarget(role: StaffRole): string {
  return `/dashboard/report?type=${role === 'ao' ? 'case' : 'investor'}`;
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string };

/**
 * Dashboard guard for a staff member opening a named route. `processStatus` is the contact stage
 * of the investor shown on `dashboard-investor-id`, known once that client is loaded.
 */
export function dashboardGuard(
  role: StaffRole,
  route: RouteName,
  context: { processStatus?: ContactStage | null } = {},
): GuardDecision {
  if (role === 'admin') return { allow: true };
  if (DASHBOARD_BLOCKED[role].includes(route)) return { allow: false, redirect: blockedTarget(role) };
  if (route === 'dashboard-investor-id' && context.processStatus) {
    // On one investor's page, ir may not see p0–p4 clients and sa may not see p5–p6 clients.
    if (!canSeeClient(role, context.processStatus)) return { allow: false, redirect: blockedTarget(role) };
  }
  return { allow: true };
}

export type AreaAccess = 'allow' | 'login' | 'forbidden';

/**
 * Which area a route belongs to, and whether the current session may enter it: anonymous users go
 * to a login page; a signed-in user of another strategy gets 403 (SPEC section 6).
 */
export function routeArea(route: RouteName): Strategy | 'public' {
  if (PUBLIC_ROUTES.includes(route)) return 'public';
  if (route.startsWith('dashboard')) return 'dashboard';
  if (route.startsWith('investor')) return 'investor';
  return 'local';
}

export function areaAccess(route: RouteName, strategy: Strategy | null): AreaAccess {
  const area = routeArea(route);
  if (area === 'public') return 'allow';
  if (!strategy) return 'login';
  return strategy === area ? 'allow' : 'forbidden';
}

/**
 * The login page for an area, with the wanted page as `redirect`. Every route named dashboard… is
 * staff area (SPEC section 2), including the public dashboard-login itself.
 */
export function loginPathFor(route: RouteName, wanted?: string): string {
  const base = route.startsWith('dashboard') ? '/dashboard/login' : '/login';
  return wanted ? `${base}?redirect=${encodeURIComponent(wanted)}` : base;
}

/** Home of the current session (where login pages send a signed-in user, and 回首頁 goes). */
export function homeFor(session: { strategy: Strategy; role?: StaffRole | null } | null): string {
  if (!session) return '/login';
  if (session.strategy === 'investor') return '/investor/cases/s1';
  // SPEC section 2: staff go to the report, type case for admin and ao, "otherwise investor". A staff
  // session whose role is not known yet is still staff: sending it to /login would loop on guest pages.
  if (session.strategy === 'dashboard') {
    return session.role ? staffHome(session.role) : '/dashboard/report?type=investor';
  }
  // The spec's "otherwise login" is for visitors; a signed-in startup user (local) has the startup area.
  return '/startup';
}

/** Where each strategy goes after signing out (SPEC section 4). */
export function logoutTarget(strategy: Strategy): string {
  if (strategy === 'dashboard') return '/dashboard/login';
  if (strategy === 'investor') return '/';
  return '/login';
}

/**
 * Investor pages a signed-in user is moved off when the automatic domain redirect is on (SPEC
 * section 2): the investor home, the industry pages, and post-investment and dropped cases.
 */
export const DOMAIN_REDIRECT_ROUTES: readonly RouteName[] = [
  'investor',
  'investor-industry',
  'investor-industry-id',
  'investor-industry-detail',
  'investor-industry-detail-id',
  'investor-industry-investment',
  'investor-industry-record',
  'investor-cases-post-investment',
  'investor-cases-drop',
];

/** Where the domain redirect sends each signed-in strategy: investors to cases s1, staff to every case. */
export const DOMAIN_REDIRECT_TARGET: Partial<Record<Strategy, string>> = {
  investor: '/investor/cases/s1',
  dashboard: '/dashboard?status=all',
};

/** The two hosts of the automatic domain redirect. */
export interface AreaHosts {
  dashboardHost: string;
  investorHost: string;
}

const inArea = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

/**
 * The host a page belongs on with the automatic domain redirect on (SPEC section 2): dashboard
 * pages on the dashboard host, investor pages on the investor host; `null` for pages that live on
 * any host (the sign-in choice, the startup area, error pages). Server and web app both follow it.
 */
export function hostForPath(pathname: string, hosts: AreaHosts): string | null {
  if (inArea(pathname, '/dashboard')) return hosts.dashboardHost;
  if (inArea(pathname, '/investor')) return hosts.investorHost;
  return null;
}

/**
 * The client half of the automatic domain redirect (SPEC section 2): with the setting on, a
 * signed-in investor or staff member on one of the listed investor pages is sent to their list;
 * `null` means stay. The server half (each area on its own host) lives in the web server.
 */
export function signedInDomainRedirect(
  route: RouteName | null,
  strategy: Strategy | null,
  enabled: boolean,
): string | null {
  if (!enabled || !route || !strategy) return null;
  if (!DOMAIN_REDIRECT_ROUTES.includes(route)) return null;
  return DOMAIN_REDIRECT_TARGET[strategy] ?? null;
}
