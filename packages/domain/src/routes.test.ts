import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_ROUTE_NAMES,
  GUEST_ONLY_ROUTES,
  INVESTOR_ROUTE_NAMES,
  PUBLIC_ROUTES,
  ROUTE_NAMES,
  ROUTES,
  type RouteName,
  routePath,
} from './routes.ts';

/** Route names SPEC section 2 lists by name; the app must keep every one of them. */
const SPEC_NAMED_ROUTES: Record<string, string> = {
  dashboard: '/dashboard',
  'dashboard-login': '/dashboard/login',
  'dashboard-report': '/dashboard/report',
  'dashboard-investor': '/dashboard/investor',
  'dashboard-contact-type': '/dashboard/contact/:type?',
  'dashboard-auth': '/dashboard/auth',
  'dashboard-config-contract': '/dashboard/config/contract',
  'dashboard-group': '/dashboard/group',
  'dashboard-group-id': '/dashboard/group/:id',
  'dashboard-investor-id': '/dashboard/investor/:id',
  'dashboard-manager-project': '/dashboard/manager/:project',
  login: '/login',
  'investor-cases-status': '/investor/cases/:status',
};

/** A value for every placeholder of a route, so every route can be built. */
function paramsFor(name: RouteName): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of ROUTES[name].matchAll(/:(\w+)/g)) params[m[1] ?? ''] = 'v1';
  return params;
}

describe('route table', () => {
  it.each(Object.entries(SPEC_NAMED_ROUTES))('has the spec route %s at %s', (name, path) => {
    expect(ROUTES[name as RouteName]).toBe(path);
  });

  it('lists every route once in ROUTE_NAMES', () => {
    expect(ROUTE_NAMES).toEqual(Object.keys(ROUTES));
    expect(new Set(Object.values(ROUTES)).size).toBe(ROUTE_NAMES.length);
  });

  it('splits the areas by name prefix (SPEC section 2)', () => {
    expect(DASHBOARD_ROUTE_NAMES.length).toBeGreaterThan(0);
    expect(INVESTOR_ROUTE_NAMES.length).toBeGreaterThan(0);
    for (const name of ROUTE_NAMES) {
      expect(DASHBOARD_ROUTE_NAMES.includes(name)).toBe(name.startsWith('dashboard'));
      expect(INVESTOR_ROUTE_NAMES.includes(name)).toBe(name.startsWith('investor'));
    }
    for (const name of DASHBOARD_ROUTE_NAMES) expect(ROUTES[name].startsWith('/dashboard')).toBe(true);
    for (const name of INVESTOR_ROUTE_NAMES) expect(ROUTES[name].startsWith('/investor')).toBe(true);
  });

  it('treats exactly the login-type and account-link pages as guest-only, and those plus home as public', () => {
    const guest = [
      'dashboard-login',
      'invitation-accept',
      'login',
      'password-forgot',
      'password-reset',
      'register',
    ];
    expect([...GUEST_ONLY_ROUTES].sort()).toEqual(guest);
    expect([...PUBLIC_ROUTES].sort()).toEqual([...guest, 'home'].sort());
  });

  it('has the investor paths of SPEC section 2', () => {
    const paths = new Set<string>(Object.values(ROUTES));
    for (const p of [
      '/',
      '/register',
      '/dashboard/calendar',
      '/investor',
      '/investor/industry',
      '/investor/industry/:id',
      '/investor/industry/detail',
      '/investor/industry/detail/:id',
      '/investor/industry/investment',
      '/investor/industry/record',
      '/investor/cases',
      '/investor/cases/post_investment',
      '/investor/cases/drop',
      '/investor/cases/detail',
      '/investor/cases/detail/:caseid/:section?',
      '/investor/changePassword',
      '/investor/contact',
      '/investor/contract',
      '/investor/qa',
      '/investor/redirect',
    ]) {
      expect(paths.has(p), p).toBe(true);
    }
  });
});

describe('routePath', () => {
  it('returns static paths unchanged', () => {
    expect(routePath('home')).toBe('/');
    expect(routePath('dashboard')).toBe('/dashboard');
    expect(routePath('dashboard-config-contract')).toBe('/dashboard/config/contract');
    expect(routePath('investor-cases-post-investment')).toBe('/investor/cases/post_investment');
  });

  it('fills params', () => {
    expect(routePath('dashboard-group-id', { id: 12 })).toBe('/dashboard/group/12');
    expect(routePath('dashboard-investor-id', { id: '7' })).toBe('/dashboard/investor/7');
    expect(routePath('dashboard-manager-project', { project: 3 })).toBe('/dashboard/manager/3');
    expect(routePath('investor-cases-status', { status: 's1' })).toBe('/investor/cases/s1');
    expect(routePath('investor-cases-detail-caseid', { caseid: 42 })).toBe('/investor/cases/detail/42');
    expect(routePath('dashboard-group-id', { id: 0 })).toBe('/dashboard/group/0');
  });

  it('encodes param values so they stay one path segment', () => {
    expect(routePath('dashboard-group-id', { id: 'a b/c?d#e' })).toBe('/dashboard/group/a%20b%2Fc%3Fd%23e');
    expect(routePath('dashboard-group-id', { id: '中文' })).toBe('/dashboard/group/%E4%B8%AD%E6%96%87');
  });

  it('fills or drops the optional contact type', () => {
    expect(routePath('dashboard-contact-type', { type: 'unreplied' })).toBe('/dashboard/contact/unreplied');
    expect(routePath('dashboard-contact-type', { type: 'replied' })).toBe('/dashboard/contact/replied');
    expect(routePath('dashboard-contact-type')).toBe('/dashboard/contact');
    expect(routePath('dashboard-contact-type', { type: '' })).toBe('/dashboard/contact');
  });

  it('ignores params the route does not take', () => {
    expect(routePath('dashboard-auth', { id: 1 })).toBe('/dashboard/auth');
  });

  it('refuses to build a route whose required param is missing, instead of linking to another page', () => {
    expect(() => routePath('dashboard-group-id')).toThrow(/id/);
    expect(() => routePath('dashboard-investor-id', { id: '' })).toThrow(/id/);
    expect(() => routePath('investor-cases-status', {})).toThrow(/status/);
  });

  it('refuses dot segments, which a browser would resolve to another page', () => {
    expect(() => routePath('dashboard-group-id', { id: '..' })).toThrow();
    expect(() => routePath('dashboard-group-id', { id: '.' })).toThrow();
    expect(routePath('dashboard-group-id', { id: '...' })).toBe('/dashboard/group/...');
    expect(routePath('dashboard-group-id', { id: 'a..b' })).toBe('/dashboard/group/a..b');
  });

  it.each(ROUTE_NAMES)('builds %s with all params to a path without placeholders', (name) => {
    const path = routePath(name, paramsFor(name));
    expect(path.startsWith('/')).toBe(true);
    expect(path).not.toMatch(/[:?]/);
    expect(path).toBe(ROUTES[name].replace(/:(\w+)\??/g, 'v1'));
  });
});
