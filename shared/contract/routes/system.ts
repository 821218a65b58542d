import type { RouteKey } from '../../routes';
import type { RouteContract } from '../route-contract';
import { HealthResponse } from '../system';

/** The contract of the System area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const SYSTEM_ROUTES = {
  'GET /health': { summary: 'Liveness check', response: HealthResponse },
  'GET /openapi.json': { summary: 'This OpenAPI 3.1 document' },
} satisfies Partial<Record<RouteKey, RouteContract>>;
