import type { PageRouteDef, RouteDef } from '../../shared/routes';

/**
 * Resources any one stack may hold (docs/architecture.md, "Stacks"): half of CloudFormation's
 * hard limit of 500, so every stack can double before it must be split. tests/infra checks each.
 */
export const STACK_RESOURCE_BUDGET = 250;

/**
 * The areas of the route table, each served from a nested stack of its own (`Routes<Area>`):
 * a route costs about four resources (function, integration, route, invoke permission), so the
 * main stack keeps only what is shared (table, buckets, secrets, the API and its stage, the roles,
 * CloudFront, the alarm topic). A route belongs to the area that lists the longest prefix of its
 * path (a sub-path such as `/prompts/{id}/evaluations` may be given an area of its own); a path
 * under no listed prefix makes an area of its first segment (`/webhooks/…` → `Webhooks`), so a
 * new route lands in a stack without an edit here. Moving a route between areas replaces its
 * function (a new one in the other stack), so split an area by listing a new, longer prefix.
 */
export const ROUTE_AREAS: Readonly<Record<string, readonly string[]>> = {
  Account: ['/auth', '/account'],
  // The activity feed and review notices (issue 31) and the workspace overview (issue 30) beside the prompts they tell of: each area costs the main stack a resource.
  Prompts: ['/prompts', '/activity', '/stats', '/notices', '/reviews'],
  Context: ['/categories', '/context'],
  Library: ['/library'],
  Sharing: ['/shared', '/s'],
  Engine: ['/engine'],
  Admin: ['/admin'],
  Registry: ['/api-keys', '/registry', '/mcp'],
  Teams: ['/teams', '/invites'],
  Billing: ['/billing'],
  System: ['/health', '/openapi.json'],
};

/** The area of a route-table (or page route) path. */
export function areaOf(path: string): string {
  let best: { area: string; length: number } | undefined;
  for (const [area, prefixes] of Object.entries(ROUTE_AREAS)) {
    for (const prefix of prefixes) {
      const under = path === prefix || path.startsWith(`${prefix}/`);
      if (under && prefix.length > (best?.length ?? 0)) best = { area, length: prefix.length };
    }
  }
  if (best) return best.area;
  const words = (path.split('/')[1] ?? '').split(/[^a-zA-Z0-9]+/).filter(Boolean);
  if (!words.length) throw new Error(`No area for the path ${path}`);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The id of an area's nested stack. */
export const routeStackId = (area: string) => `Routes${area}`;

/** The routes and page routes of each area, in table order. */
export function routesByArea(routes: readonly RouteDef[], pages: readonly PageRouteDef[]): Map<string, { routes: RouteDef[]; pages: PageRouteDef[] }> {
  const areas = new Map<string, { routes: RouteDef[]; pages: PageRouteDef[] }>();
  const of = (path: string) => {
    const area = areaOf(path);
    if (!areas.has(area)) areas.set(area, { routes: [], pages: [] });
    return areas.get(area)!;
  };
  for (const route of routes) of(route.path).routes.push(route);
  for (const page of pages) of(page.path).pages.push(page);
  return areas;
}
