import type { RouteKey } from '../../routes';
import { ADMIN_PAGE_HEADERS, OwnListQuery } from '../admin';
import { Directives, ProfileValueInput, ProfileValues, Snippet, SnippetInput, SnippetList } from '../context';
import { Category, CategoryInput, CategoryList } from '../prompts';
import type { RouteContract } from '../route-contract';

/** The contract of the Context area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const CONTEXT_ROUTES = {
  'GET /categories/': { summary: "The user's categories with prompt counts", response: CategoryList },
  'POST /categories/': { summary: 'Create a category (plan limit max_categories)', request: CategoryInput, response: Category, status: 201 },
  'PUT /categories/{id}': { summary: 'Rename a category', request: CategoryInput, status: 204 },
  'DELETE /categories/{id}': { summary: 'Delete a category; its prompts become uncategorized', status: 204 },
  'GET /context/directives': { summary: 'Global prompt prefix and suffix', response: Directives },
  'PUT /context/directives': { summary: 'Save the global prompt prefix and suffix', request: Directives, response: Directives },
  'GET /context/snippets': {
    summary: "The user's snippets (past 900 KB: in pages)",
    response: SnippetList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /context/snippets': { summary: 'Create a snippet (plan limit max_snippets)', request: SnippetInput, response: Snippet, status: 201 },
  'PUT /context/snippets/{id}': { summary: 'Update a snippet', request: SnippetInput, response: Snippet },
  'DELETE /context/snippets/{id}': { summary: 'Delete a snippet', status: 204 },
  'GET /context/profile': { summary: 'PROFILE variable values', response: ProfileValues },
  'PUT /context/profile/{key}': { summary: 'Save one PROFILE value', request: ProfileValueInput },
  'DELETE /context/profile/{key}': { summary: 'Forget one PROFILE value', status: 204 },
} satisfies Partial<Record<RouteKey, RouteContract>>;
