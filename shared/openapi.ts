import * as z from 'zod/mini';
import { CONTRACT, type RouteContract } from './contract';
import { ErrorBody } from './contract/common';
import { API_BASE, paramNames, ROUTES, type RouteDef, type RouteKey, routeKey } from './routes';

/** The OpenAPI 3.1 document, generated from the route table and the zod contract. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (s: z.ZodMiniType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  for (const route of ROUTES as readonly RouteDef[]) {
    const contract: RouteContract = CONTRACT[routeKey(route) as RouteKey];
    const secured = route.access === 'user' || route.access === 'admin' || route.access === 'key_or_user';
    const parameters: Record<string, unknown>[] = paramNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    parameters.push(...queryParameters(contract.query));
    if (route.workspace) parameters.push(WORKSPACE_PARAMETER);
    const otherMedia = Object.fromEntries(
      Object.entries(contract.otherMedia ?? {}).map(([type, description]) => [type, { schema: { type: 'string', description } }]),
    );
    paths[API_BASE + route.path] ??= {};
    paths[API_BASE + route.path]![route.method.toLowerCase()] = {
      summary: contract.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(secured ? { security: [{ bearer: [] }] } : {}),
      ...(contract.request
        ? {
            requestBody: {
              required: !contract.optionalBody,
              content: { [contract.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: schema(contract.request) } },
            },
          }
        : {}),
      responses: {
        [String(contract.status ?? 200)]: {
          description: 'Success',
          ...(contract.response || contract.otherMedia
            ? { content: { ...(contract.response ? { 'application/json': { schema: schema(contract.response) } } : {}), ...otherMedia } }
            : {}),
          ...(contract.responseHeaders
            ? {
                headers: Object.fromEntries(
                  Object.entries(contract.responseHeaders).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
                ),
              }
            : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: schema(ErrorBody) } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Construct API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

/** Every workspace route (the route table's `workspace`) acts on a team's workspace with this parameter. */
const WORKSPACE_PARAMETER = {
  name: 'workspace',
  in: 'query',
  required: false,
  description: "A team's id: act on that team's workspace (the caller must be a member; viewers only read). Without it, the caller's own.",
  schema: { type: 'string' },
};

/** A route's query schema as OpenAPI parameters: every property optional, a string (an enum where the schema has one). */
function queryParameters(query: z.ZodMiniObject | undefined): Record<string, unknown>[] {
  if (!query) return [];
  const { properties = {} } = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { description?: string; enum?: string[] }>;
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    ...(property.description ? { description: property.description } : {}),
    schema: { type: 'string', ...(property.enum ? { enum: property.enum } : {}) },
  }));
}
