// The router registers only patterns of src/lib/paths.ts and src/lib/admin-paths.ts, and every one
// of them: a new screen cannot get an address that the links (and the backend's crates/paths) do
// not know.
import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminRoutes } from '@/app/admin/AdminApp';
import { AppRoutes } from '@/app/router';
import { paths } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';
import { admin } from '@/testing/fixtures';

const allRoutePatterns = () => [...Object.values(paths), ...Object.values(adminPaths)].map((entry) => entry.path);

const childrenOf = (element: ReactElement) => (element.props as { children: ReactNode }).children;

const join = (base: string, path: string) => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);

/** Each route's full pattern (an index route is its parent's), catch-alls left out. */
function patterns(routes: RouteObject[], base = '/'): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? base : route.path === undefined ? base : join(base, route.path);
    const own = route.index || (route.path !== undefined && route.path !== '*') ? [here] : [];
    return [...own, ...patterns(route.children ?? [], here)];
  });
}

function registered(): string[] {
  const shop = patterns(createRoutesFromChildren(childrenOf(AppRoutes())));
  const backOfficeMount = shop.find((pattern) => pattern.endsWith('/*'));
  expect(backOfficeMount).toBe(`${adminPaths.dashboard.path}/*`);
  const backOffice = patterns(createRoutesFromChildren(childrenOf(AdminRoutes({ user: admin }))), adminPaths.dashboard.path);
  return [...shop.filter((pattern) => pattern !== backOfficeMount), ...backOffice];
}

describe('the router', () => {
  it('registers only the patterns of the paths modules', () => {
    const known = new Set(allRoutePatterns());
    expect(registered().filter((pattern) => !known.has(pattern))).toEqual([]);
  });

  it('registers every pattern of the paths modules', () => {
    const routes = new Set(registered());
    expect(allRoutePatterns().filter((pattern) => !routes.has(pattern))).toEqual([]);
  });
});
