import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { contractOf } from '@shared/contract/index';
import { openApiDocument } from '@shared/openapi';
import { API_BASE, type ParamsOf, paramNames, ROUTES, type RouteDef, routeKey } from '@shared/routes';
import type { api, Binding } from '../../functions/lib/http/http';

/**
 * One entry per route: the route table (shared/routes.ts), the contract (shared/contract/index.ts),
 * the handler's options (functions/lib/http/http.ts `api`) and the OpenAPI document must describe the
 * same request for every route (docs/architecture.md, "One route table").
 */
const document = openApiDocument();
const jsonSchema = (schema: z.ZodMiniType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

// A streaming route's module checks for the Lambda runtime's global when it loads (http.ts).
(globalThis as { awslambda?: unknown }).awslambda ??= { streamifyResponse: (fn: unknown) => fn };
const bindings = new Map<string, Binding>();
for (const route of ROUTES) {
  const module = (await import(/* @vite-ignore */ `${process.cwd()}/functions/${route.handler}.ts`)) as { handler: { binding?: Binding } };
  if (module.handler.binding) bindings.set(routeKey(route), module.handler.binding);
}

describe.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', (key, route) => {
  const contract = contractOf(key);
  const operation = (document.paths[API_BASE + route.path] as Record<string, Record<string, any>>)[route.method.toLowerCase()]!;

  it('has a contract entry and a handler bound to this route', () => {
    expect(contract).toBeDefined();
    expect(bindings.get(key)?.route).toBe(key);
  });

  it('validates the body with the contract entry’s schema, and OpenAPI documents that request', () => {
    const binding = bindings.get(key)!;
    expect(binding.body).toBe(contract?.parsedAs ?? contract?.request);
    expect(binding.encoding === 'form').toBe(contract?.encoding === 'form');
    expect(binding.optionalBody === true).toBe(contract?.optionalBody === true);
    if (!contract?.request) {
      expect(operation.requestBody).toBeUndefined();
      return;
    }
    const media = contract.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    expect(operation.requestBody?.content?.[media]?.schema).toEqual(jsonSchema(contract.request));
    expect(operation.requestBody?.required).toBe(contract.optionalBody !== true);
  });

  it('parses the query string with the contract entry’s schema, and OpenAPI lists exactly its parameters', () => {
    expect(bindings.get(key)?.query).toBe(contract?.query);
    const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
    const inQuery = parameters.filter((p) => p.in === 'query').map((p) => p.name);
    // Workspace routes also take `?workspace=<team id>`, read by the authentication (http/authenticate.ts), not the route's schema.
    expect(inQuery).toEqual([...Object.keys(contract?.query?.def.shape ?? {}), ...((route as RouteDef).workspace ? ['workspace'] : [])]);
    expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(paramNames(route.path));
  });
});

describe('route keys and parameters by type', () => {
  it('derive path parameters from the route key', () => {
    expectTypeOf<ParamsOf<'PUT /prompts/{id}'>>().toEqualTypeOf<{ readonly id: string }>();
    expectTypeOf<ParamsOf<'PUT /prompts/{id}/labels/{label}'>>().toEqualTypeOf<{ readonly id: string; readonly label: string }>();
    // biome-ignore lint/complexity/noBannedTypes: a route without path parameters has exactly the empty object type
    expectTypeOf<ParamsOf<'GET /prompts/'>>().toEqualTypeOf<{}>();
  });

  it('refuse a route key that is not in the table, and a body the entry does not name', () => {
    // Compile-time checks (npm run typecheck fails when one of these lines is accepted); never run.
    const never = (register: typeof api) => {
      // @ts-expect-error: not a route of the table
      register('GET /nowhere', {}, async () => ({ statusCode: 204 }));
      // @ts-expect-error: PUT /prompts/{id} takes the contract's PromptUpdate, not nothing
      register('PUT /prompts/{id}', {}, async () => ({ statusCode: 204 }));
      // @ts-expect-error: DELETE /prompts/{id} takes no body
      register('DELETE /prompts/{id}', { body: z.object({}) }, async () => ({ statusCode: 204 }));
      register('DELETE /prompts/{id}', {}, async ({ params }) => {
        expectTypeOf(params.id).toEqualTypeOf<string>();
        // @ts-expect-error: the route has no `slug` parameter
        void params.slug;
        return { statusCode: 204 };
      });
    };
    expect(typeof never).toBe('function');
  });
});
