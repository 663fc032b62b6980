import { ROUTE_NAMES, ROUTES } from '@dealflow/domain';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isRouteHandle } from './guards/routeMeta.ts';
import { appRoutes } from './router.tsx';

function named(routes: RouteObject[], out = new Map<string, string | undefined>()) {
  for (const route of routes) {
    if (isRouteHandle(route.handle)) out.set(route.handle.name, route.path);
    if (route.children) named(route.children, out);
  }
  return out;
}

describe('router', () => {
  it('has every named route of the domain, at its path', () => {
    const routes = named(appRoutes);
    for (const name of ROUTE_NAMES) expect(routes.get(name), name).toBe(ROUTES[name]);
  });

  it('lazy-loads every page (the entry chunk carries no page code)', () => {
    const pages: RouteObject[] = [];
    const walk = (list: RouteObject[]) => {
      for (const r of list) {
        if (isRouteHandle(r.handle) && r.handle.name !== 'home') pages.push(r);
        if (r.children) walk(r.children);
      }
    };
    walk(appRoutes);
    for (const page of pages) expect(typeof page.lazy, String(page.path)).toBe('function');
  });
});
