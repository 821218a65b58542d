import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The parts of an OpenAPI 3.1 operation the reference shows (shared/openapi.ts writes them). */
export interface Operation {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** GET /api/v1/openapi.json: the one description of the API, generated from the route table and the contract. */
export function useOpenApi() {
  return useQuery({
    queryKey: queryKeys.openApi,
    queryFn: async () => (await apiRequest('/openapi.json')) as OpenApiDocument,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
