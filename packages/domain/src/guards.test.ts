import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_BLOCKED,
  DOMAIN_REDIRECT_ROUTES,
  areaAccess,
  hostForPath,
  dashboardGuard,
  homeFor,
  loginPathFor,
  logoutTarget,
  routeArea,
  signedInDomainRedirect,
  staffHome,
  staffReportType,
} from './guards.ts';
import { STAFF_ROLES, STRATEGIES, type StaffRole, type Strategy } from './roles.ts';
import { PUBLIC_ROUTES, ROUTE_NAMES, ROUTES, type RouteName } from './routes.ts';
import { CONTACT_STAGES, type ContactStage } from './stages.ts';

// The package compiles against the ES library only (no DOM or Node types); these WHATWG globals exist
// in Node and in browsers, and the tests use just this much of them.
declare const URL: new (
  input: string,
  base?: string,
) => { origin: string; pathname: string; searchParams: { get(name: string): string | null } };

const REPORT_CASE = '/dashboard/report?type=case';
const REPORT_INVESTOR = '/dashboard/report?type=investor';

/**
 * SPEC section 6, written out here rather than read from DASHBOARD_BLOCKED so the table can fail;
 * plus the Q&A editor (issue 13, beyond the spec), admin only like the contract configuration.
 */
const SPEC_BLOCKED: Record<StaffRole, readonly string[]> = {
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
/** Where a blocked role is sent (SPEC section 6): report type case for ao, type investor for the others. */
const SPEC_BLOCKED_TARGET: Record<StaffRole, string> = {
  admin: REPORT_CASE,
  ao: REPORT_CASE,
  ir: REPORT_INVESTOR,
  sa: REPORT_INVESTOR,
};
/** Contact stages of the investor shown on the investor view that each role is turned away from. */
const SPEC_INVESTOR_VIEW_HIDDEN: Record<StaffRole, readonly ContactStage[]> = {
  admin: [],
  ao: [],
  ir: ['p0', 'p1', 'p2', 'p3', 'p4'],
  sa: ['p5', 'p6'],
};

describe('dashboard guard table (every staff role × every named route)', () => {
  it('names only routes that exist', () => {
    for (const names of Object.values(SPEC_BLOCKED)) {
      for (const n of names) expect(ROUTE_NAMES).toContain(n);
    }
  });

  it('DASHBOARD_BLOCKED holds exactly the spec lists', () => {
    for (const role of STAFF_ROLES)
      expect([...DASHBOARD_BLOCKED[role]].sort()).toEqual([...SPEC_BLOCKED[role]].sort());
  });

  const cases = STAFF_ROLES.flatMap((role) => ROUTE_NAMES.map((route) => [role, route] as const));
  it.each(cases)('%s on %s', (role, route) => {
    const blocked = SPEC_BLOCKED[role].includes(route);
    expect(dashboardGuard(role, route)).toEqual(
      blocked ? { allow: false, redirect: SPEC_BLOCKED_TARGET[role] } : { allow: true },
    );
  });

  it('lets admin pass every route whatever the process status', () => {
    for (const route of ROUTE_NAMES) {
      for (const processStatus of [...CONTACT_STAGES, null, undefined]) {
        expect(dashboardGuard('admin', route, { processStatus })).toEqual({ allow: true });
      }
    }
  });

  it('sends ir and sa opening the dashboard root to the investor report', () => {
    expect(dashboardGuard('ir', 'dashboard')).toEqual({ allow: false, redirect: REPORT_INVESTOR });
    expect(dashboardGuard('sa', 'dashboard')).toEqual({ allow: false, redirect: REPORT_INVESTOR });
    expect(dashboardGuard('ao', 'dashboard')).toEqual({ allow: true });
  });

  it('never blocks the report every redirect points to, nor the staff login', () => {
    for (const role of STAFF_ROLES) {
      expect(dashboardGuard(role, 'dashboard-report')).toEqual({ allow: true });
      expect(dashboardGuard(role, 'dashboard-login')).toEqual({ allow: true });
    }
  });
});

describe('investor view by process status', () => {
  const cases = STAFF_ROLES.flatMap((role) => CONTACT_STAGES.map((stage) => [role, stage] as const));
  it.each(cases)('%s on an investor at %s', (role, stage) => {
    const decision = dashboardGuard(role, 'dashboard-investor-id', { processStatus: stage });
    // ao never reaches the investor view at all; admin always does.
    const blocked =
      SPEC_BLOCKED[role].includes('dashboard-investor-id') || SPEC_INVESTOR_VIEW_HIDDEN[role].includes(stage);
    expect(decision).toEqual(
      blocked ? { allow: false, redirect: SPEC_BLOCKED_TARGET[role] } : { allow: true },
    );
  });

  it('redirects ir for p0–p4 and lets p5, p6 and drop through', () => {
    for (const s of ['p0', 'p1', 'p2', 'p3', 'p4'] as const) {
      expect(dashboardGuard('ir', 'dashboard-investor-id', { processStatus: s })).toEqual({
        allow: false,
        redirect: REPORT_INVESTOR,
      });
    }
    for (const s of ['p5', 'p6', 'drop'] as const) {
      expect(dashboardGuard('ir', 'dashboard-investor-id', { processStatus: s })).toEqual({ allow: true });
    }
  });

  it('redirects sa for p5 and p6 only', () => {
    for (const s of ['p5', 'p6'] as const) {
      expect(dashboardGuard('sa', 'dashboard-investor-id', { processStatus: s })).toEqual({
        allow: false,
        redirect: REPORT_INVESTOR,
      });
    }
    for (const s of ['p0', 'p1', 'p2', 'p3', 'p4', 'drop'] as const) {
      expect(dashboardGuard('sa', 'dashboard-investor-id', { processStatus: s })).toEqual({ allow: true });
    }
  });

  it('does not depend on process status for admin and ao', () => {
    for (const role of ['admin', 'ao'] as const) {
      const expected = dashboardGuard(role, 'dashboard-investor-id');
      for (const s of CONTACT_STAGES) {
        expect(dashboardGuard(role, 'dashboard-investor-id', { processStatus: s })).toEqual(expected);
      }
    }
    expect(dashboardGuard('ao', 'dashboard-investor-id')).toEqual({ allow: false, redirect: REPORT_CASE });
  });

  it('allows ir and sa while the client is not loaded yet (no process status)', () => {
    for (const role of ['ir', 'sa'] as const) {
      expect(dashboardGuard(role, 'dashboard-investor-id')).toEqual({ allow: true });
      expect(dashboardGuard(role, 'dashboard-investor-id', { processStatus: null })).toEqual({ allow: true });
    }
  });

  it('applies the process status only to the investor view', () => {
    for (const route of ROUTE_NAMES.filter((r) => r !== 'dashboard-investor-id')) {
      for (const role of ['ir', 'sa'] as const) {
        for (const s of CONTACT_STAGES) {
          expect(dashboardGuard(role, route, { processStatus: s })).toEqual(dashboardGuard(role, route));
        }
      }
    }
  });
});

describe('staff home', () => {
  it('is the report of type case for admin and ao, investor for ir and sa', () => {
    expect(STAFF_ROLES.map(staffReportType)).toEqual(['case', 'case', 'investor', 'investor']);
    expect(staffHome('admin')).toBe(REPORT_CASE);
    expect(staffHome('ao')).toBe(REPORT_CASE);
    expect(staffHome('ir')).toBe(REPORT_INVESTOR);
    expect(staffHome('sa')).toBe(REPORT_INVESTOR);
  });
});

/** Area of a route per SPEC section 2: by name prefix; the login-type pages, account links and home are public. */
function specArea(route: RouteName): Strategy | 'public' {
  const publicPages = ['home', 'login', 'register', 'dashboard-login'];
  if ([...publicPages, 'password-forgot', 'password-reset', 'invitation-accept'].includes(route))
    return 'public';
  if (route.startsWith('dashboard')) return 'dashboard';
  if (route.startsWith('investor')) return 'investor';
  return 'local';
}

describe('area access (every route × every session strategy)', () => {
  it('classifies routes by area', () => {
    for (const route of ROUTE_NAMES) expect(routeArea(route), route).toBe(specArea(route));
    for (const route of PUBLIC_ROUTES) expect(routeArea(route)).toBe('public');
    expect(routeArea('startup')).toBe('local');
  });

  const strategies: (Strategy | null)[] = [null, ...STRATEGIES];
  const cases = ROUTE_NAMES.flatMap((route) => strategies.map((s) => [route, s] as const));
  it.each(cases)('%s with strategy %s', (route, strategy) => {
    const area = specArea(route);
    const expected =
      area === 'public' ? 'allow' : strategy === null ? 'login' : strategy === area ? 'allow' : 'forbidden';
    expect(areaAccess(route, strategy)).toBe(expected);
  });

  it('spot checks', () => {
    expect(areaAccess('dashboard', null)).toBe('login');
    expect(areaAccess('dashboard', 'investor')).toBe('forbidden');
    expect(areaAccess('dashboard', 'local')).toBe('forbidden');
    expect(areaAccess('investor-cases', 'dashboard')).toBe('forbidden');
    expect(areaAccess('investor-cases', 'local')).toBe('forbidden');
    expect(areaAccess('investor-cases-status', 'investor')).toBe('allow');
    expect(areaAccess('login', 'dashboard')).toBe('allow');
    expect(areaAccess('dashboard-login', null)).toBe('allow');
    expect(areaAccess('startup', 'local')).toBe('allow');
    expect(areaAccess('startup', null)).toBe('login');
  });
});

describe('homeFor', () => {
  it('sends investors to their s1 cases', () => {
    expect(homeFor({ strategy: 'investor' })).toBe('/investor/cases/s1');
    expect(homeFor({ strategy: 'investor', role: null })).toBe('/investor/cases/s1');
  });

  it('sends staff to the report: type case for admin and ao, investor for ir and sa', () => {
    expect(homeFor({ strategy: 'dashboard', role: 'admin' })).toBe(REPORT_CASE);
    expect(homeFor({ strategy: 'dashboard', role: 'ao' })).toBe(REPORT_CASE);
    expect(homeFor({ strategy: 'dashboard', role: 'ir' })).toBe(REPORT_INVESTOR);
    expect(homeFor({ strategy: 'dashboard', role: 'sa' })).toBe(REPORT_INVESTOR);
  });

  it('sends a staff session whose role is not known to the investor report, never to a login page', () => {
    // SPEC section 2: "for staff … type case for roles matching ao or admin, otherwise investor".
    expect(homeFor({ strategy: 'dashboard', role: null })).toBe(REPORT_INVESTOR);
    expect(homeFor({ strategy: 'dashboard' })).toBe(REPORT_INVESTOR);
  });

  it('sends a signed-in startup user to the startup area', () => {
    expect(homeFor({ strategy: 'local' })).toBe('/startup');
  });

  it('sends nobody to login', () => {
    expect(homeFor(null)).toBe('/login');
  });

  it('never sends a signed-in session to a guest-only page (that would loop)', () => {
    for (const strategy of STRATEGIES) {
      for (const role of [...STAFF_ROLES, null]) {
        const home = homeFor({ strategy, role });
        expect(['/login', '/dashboard/login', '/register']).not.toContain(home);
      }
    }
  });
});

describe('logoutTarget', () => {
  it('is per strategy (SPEC section 2 and 4)', () => {
    expect(logoutTarget('dashboard')).toBe('/dashboard/login');
    expect(logoutTarget('investor')).toBe('/');
    expect(logoutTarget('local')).toBe('/login');
  });
});

describe('loginPathFor', () => {
  it('sends dashboard routes to the staff login and the others to the generic login', () => {
    for (const route of ROUTE_NAMES) {
      expect(loginPathFor(route), route).toBe(route.startsWith('dashboard') ? '/dashboard/login' : '/login');
    }
  });

  it('carries the wanted page as an encoded redirect query', () => {
    expect(loginPathFor('dashboard-auth', '/dashboard/auth')).toBe(
      '/dashboard/login?redirect=%2Fdashboard%2Fauth',
    );
    expect(loginPathFor('dashboard', '/dashboard?status=all&x=1#top')).toBe(
      '/dashboard/login?redirect=%2Fdashboard%3Fstatus%3Dall%26x%3D1%23top',
    );
    expect(loginPathFor('investor-cases-status', '/investor/cases/s1')).toBe(
      '/login?redirect=%2Finvestor%2Fcases%2Fs1',
    );
    expect(loginPathFor('startup', '/startup')).toBe('/login?redirect=%2Fstartup');
  });

  it('round-trips the wanted page through URLSearchParams', () => {
    const wanted = '/dashboard/manager/12?tab=a b&c=ü#x';
    const url = new URL(loginPathFor('dashboard-manager-project', wanted), 'https://example.test');
    expect(url.pathname).toBe('/dashboard/login');
    expect(url.searchParams.get('redirect')).toBe(wanted);
  });

  it('leaves the redirect out when nothing is wanted', () => {
    expect(loginPathFor('dashboard')).toBe('/dashboard/login');
    expect(loginPathFor('dashboard', '')).toBe('/dashboard/login');
    expect(loginPathFor('investor')).toBe('/login');
  });

  it('builds every protected route login to a path that exists', () => {
    const paths = new Set<string>(Object.values(ROUTES));
    for (const route of ROUTE_NAMES) expect(paths.has(loginPathFor(route))).toBe(true);
  });
});

describe('domain redirect for signed-in users (SPEC section 2)', () => {
  /** The spec's list of investor paths, written out with the route each is served by. */
  const SPEC_PATHS: readonly [string, RouteName][] = [
    ['/investor', 'investor'],
    ['/investor/industry', 'investor-industry'],
    ['/investor/industry/:id', 'investor-industry-id'],
    ['/investor/industry/detail', 'investor-industry-detail'],
    ['/investor/industry/detail/:id', 'investor-industry-detail-id'],
    ['/investor/industry/investment', 'investor-industry-investment'],
    ['/investor/industry/record', 'investor-industry-record'],
    ['/investor/cases/post_investment', 'investor-cases-post-investment'],
    ['/investor/cases/drop', 'investor-cases-drop'],
  ];

  it('lists exactly the spec paths, as the route table spells them', () => {
    for (const [path, name] of SPEC_PATHS) expect(ROUTES[name]).toBe(path);
    expect([...DOMAIN_REDIRECT_ROUTES].sort()).toEqual(SPEC_PATHS.map(([, name]) => name).sort());
  });

  it.each(SPEC_PATHS)(
    '%s: investors go to cases s1, staff to the dashboard with status all',
    (_path, name) => {
      expect(signedInDomainRedirect(name, 'investor', true)).toBe('/investor/cases/s1');
      expect(signedInDomainRedirect(name, 'dashboard', true)).toBe('/dashboard?status=all');
    },
  );

  it.each(SPEC_PATHS)('%s: nobody moves while the setting is off', (_path, name) => {
    for (const strategy of STRATEGIES) expect(signedInDomainRedirect(name, strategy, false)).toBeNull();
  });

  it('leaves anonymous visitors and startup users to the area guard', () => {
    for (const [, name] of SPEC_PATHS) {
      expect(signedInDomainRedirect(name, null, true)).toBeNull();
      expect(signedInDomainRedirect(name, 'local', true)).toBeNull();
    }
  });

  it('leaves every other page alone, including the targets (no loop)', () => {
    const listed = new Set<RouteName>(SPEC_PATHS.map(([, name]) => name));
    for (const name of ROUTE_NAMES.filter((n) => !listed.has(n))) {
      for (const strategy of STRATEGIES) expect(signedInDomainRedirect(name, strategy, true)).toBeNull();
    }
    expect(listed.has('investor-cases-status')).toBe(false);
    expect(listed.has('dashboard')).toBe(false);
    expect(signedInDomainRedirect(null, 'investor', true)).toBeNull();
  });
});

describe('hostForPath', () => {
  const hosts = { dashboardHost: 'dash.example.com', investorHost: 'invest.example.com' };
  it('puts dashboard pages on the dashboard host', () => {
    for (const p of ['/dashboard', '/dashboard/', '/dashboard/login', '/dashboard/manager/12'])
      expect(hostForPath(p, hosts)).toBe('dash.example.com');
  });
  it('puts investor pages on the investor host', () => {
    for (const p of ['/investor', '/investor/cases/s1', '/investor/industry/ai'])
      expect(hostForPath(p, hosts)).toBe('invest.example.com');
  });
  it('leaves other pages on any host, and does not match a longer first segment', () => {
    for (const p of ['/', '/login', '/startup', '/403', '/dashboardx', '/investors'])
      expect(hostForPath(p, hosts)).toBeNull();
  });
});
