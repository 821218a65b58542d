import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef, routeKey } from '@shared/routes';
import { actsOnWorkspace } from '../../web/src/lib/current-workspace';

/**
 * The web app adds `?workspace=` to the calls that act on a workspace by their path
 * (web/src/lib/current-workspace.ts); the route table says which routes those are. They agree.
 */
describe('the web app’s workspace calls', () => {
  it.each((ROUTES as readonly RouteDef[]).map((route) => [routeKey(route), route] as const))('%s', (_, route) => {
    const path = route.path.replace(/\{[^}]+\}/g, 'x1');
    expect(actsOnWorkspace(path)).toBe(route.workspace !== undefined);
  });
});
