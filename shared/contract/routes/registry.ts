import type { RouteKey } from '../../routes';
import { ADMIN_PAGE_HEADERS, OwnListQuery } from '../admin';
import { ApiKeyInput, ApiKeyList, CreatedApiKey } from '../api-keys';
import { Evaluation } from '../evaluations';
import {
  CompileRequest,
  CompileResponse,
  PushRequest,
  RegistryEvaluationCreated,
  RegistryEvaluationInput,
  RegistryList,
  RegistryPrompt,
  RegistryQuery,
} from '../registry';
import type { RouteContract } from '../route-contract';

/** The contract of the Registry area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const REGISTRY_ROUTES = {
  'POST /api-keys': {
    summary: 'Create an API key (password required; shown once; at most 20; the owner is emailed); a key opens the registry (the CLI too) and MCP routes only',
    request: ApiKeyInput,
    response: CreatedApiKey,
    status: 201,
  },
  'GET /api-keys': { summary: "The caller's API keys (never the keys themselves)", response: ApiKeyList },
  'DELETE /api-keys/{id}': { summary: 'Revoke an API key; it is refused from the next request on', status: 204 },
  'GET /registry/prompts': {
    summary: "The caller's prompts for code and tools (session token or API key; past 900 KB: in pages)",
    response: RegistryList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'GET /registry/prompts/{slug}': {
    summary: 'One prompt by slug: the latest version, or the one a label or version names (session token or API key)',
    query: RegistryQuery,
    response: RegistryPrompt,
  },
  'POST /mcp': {
    summary:
      'Model Context Protocol server (Streamable HTTP, stateless; JSON-RPC 2.0 in and out): prompts/list, prompts/get, tools search_prompts and get_prompt. Authorise with an API key as a bearer token',
  },
  'POST /registry/prompts/{slug}/compile': {
    summary:
      'Fill a prompt on the server: INPUT values from the request, SNIPPET and PROFILE from your context, the global prefix and suffix unless directives is false (session token or API key)',
    request: CompileRequest,
    response: CompileResponse,
  },
  'POST /registry/prompts/{slug}/versions': {
    summary:
      "Save a new version of a prompt's content (title, kind, body or messages, config) from base_version, the version you edited (API key or session; 409 when the prompt has a newer version; the same content answers 200 without a new version)",
    request: PushRequest,
    response: RegistryPrompt,
    status: 201,
  },
  'POST /registry/prompts/{slug}/evaluations': {
    summary:
      "Evaluate a version or a labelled version on the prompt's examples and checks (API key or session) → 202 with the gate it is judged by: the label's protection, or null",
    request: RegistryEvaluationInput,
    response: RegistryEvaluationCreated,
    status: 202,
  },
  'GET /registry/prompts/{slug}/evaluations/{evaluation_id}': {
    summary: "An evaluation of a prompt by slug: status, progress and each column's pass rate (API key or session)",
    response: Evaluation,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
