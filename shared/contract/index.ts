import type * as z from 'zod/mini';
import type { RouteKey } from '../routes';
import { LoginForm, RegisterRequest, RegisterResponse, TokenResponse, User } from './auth';
import { CategoryInput, CategoryList, Category, EnhanceRequest, EnhanceResponse, Prompt, PromptInput, PromptList, PromptUpdate } from './prompts';
import { Directives, ProfileValueInput, ProfileValues, Snippet, SnippetInput, SnippetList } from './context';
import { HealthResponse } from './system';

interface RouteContract {
  summary: string;
  request?: z.ZodMiniType;
  /** Wire encoding of the request body; JSON unless the spec says otherwise. */
  encoding?: 'form';
  response?: z.ZodMiniType;
  status?: number;
}

/** Request and response schemas per route: handlers validate with them, the OpenAPI document is built from them. */
export const CONTRACT: Partial<Record<RouteKey, RouteContract>> = {
  'GET /health': { summary: 'Liveness check', response: HealthResponse },
  'POST /auth/register': { summary: 'Create an account', request: RegisterRequest, response: RegisterResponse, status: 201 },
  'POST /auth/login': { summary: 'Sign in (OAuth2 password form)', request: LoginForm, encoding: 'form', response: TokenResponse },
  'GET /auth/me': { summary: 'The current user', response: User },
  'GET /prompts/': { summary: "The user's prompts and their filters", response: PromptList },
  'POST /prompts/': { summary: 'Create a prompt (plan limit max_prompts)', request: PromptInput, response: Prompt, status: 201 },
  'PUT /prompts/{id}': { summary: 'Replace a prompt, or set only is_favorite', request: PromptUpdate, status: 204 },
  'DELETE /prompts/{id}': { summary: 'Delete a prompt', status: 204 },
  'GET /categories/': { summary: "The user's categories with prompt counts", response: CategoryList },
  'POST /categories/': { summary: 'Create a category (plan limit max_categories)', request: CategoryInput, response: Category, status: 201 },
  'PUT /categories/{id}': { summary: 'Rename a category', request: CategoryInput, status: 204 },
  'DELETE /categories/{id}': { summary: 'Delete a category; its prompts become uncategorized', status: 204 },
  'GET /context/directives': { summary: 'Global prompt prefix and suffix', response: Directives },
  'PUT /context/directives': { summary: 'Save the global prompt prefix and suffix', request: Directives, response: Directives },
  'GET /context/snippets': { summary: "The user's snippets", response: SnippetList },
  'POST /context/snippets': { summary: 'Create a snippet (plan limit max_snippets)', request: SnippetInput, response: Snippet, status: 201 },
  'PUT /context/snippets/{id}': { summary: 'Update a snippet', request: SnippetInput, response: Snippet },
  'DELETE /context/snippets/{id}': { summary: 'Delete a snippet', status: 204 },
  'GET /context/profile': { summary: 'PROFILE variable values', response: ProfileValues },
  'PUT /context/profile/{key}': { summary: 'Save one PROFILE value', request: ProfileValueInput },
  'DELETE /context/profile/{key}': { summary: 'Forget one PROFILE value', status: 204 },
  'POST /engine/enhance': { summary: "Enhance a prompt ('clarify')", request: EnhanceRequest, response: EnhanceResponse },
};
