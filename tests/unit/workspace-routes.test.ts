import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef, routeKey } from '@shared/routes';
import { actsOnWorkspace } from '../../web/src/lib/current-workspace';

/**
 * The web app adds `?workspace=` to the calls that act on a workspace (web/src/lib/current-workspace.ts
 * reads them from the route table): a concrete path of each route is matched to that route, so
 * exactly the routes marked `workspace` get it.
 */
describe('the web app’s workspace calls', () => {
  it.each((ROUTES as readonly RouteDef[]).map((route) => [routeKey(route), route] as const))('%s', (_, route) => {
    const path = route.path.replace(/\{[^}]+\}/g, 'x1');
    expect(actsOnWorkspace(route.method, path)).toBe(route.workspace !== undefined);
  });
});
