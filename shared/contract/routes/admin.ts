import * as z from 'zod/mini';
import type { RouteKey } from '../../routes';
import { Accepted } from '../account';
import {
  ADMIN_PAGE_HEADERS,
  AdminPrompt,
  AdminPromptList,
  AdminPromptsQuery,
  AdminUserCreate,
  AdminUsersQuery,
  AdminUserUpdate,
  LibraryCategory,
  LibraryCategoryInput,
  LibraryCategoryList,
  PublishRequest,
  TierChange,
} from '../admin';
import { User } from '../auth';
import { LibraryPromptEdit, LibraryPromptText } from '../library';
import type { RouteContract } from '../route-contract';
import { LibrarySuite, LibrarySuiteInput } from '../suite';

/** The contract of the Admin area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const ADMIN_ROUTES = {
  'GET /admin/prompts': {
    summary: 'Library prompts for curation, a page at a time (by id)',
    response: AdminPromptList,
    query: AdminPromptsQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /admin/prompts': { summary: "Publish one of the admin's own prompts to the library", request: PublishRequest, response: AdminPrompt, status: 201 },
  'PATCH /admin/prompts/{id}/tier': { summary: "Change a library prompt's tier", request: TierChange, status: 204 },
  'GET /admin/prompts/{id}': { summary: "A library prompt's full text, tasks, industries and tier, for editing", response: LibraryPromptText },
  'PUT /admin/prompts/{id}': {
    summary: "Edit a library prompt's title, body, tasks, industries and tier (copies then see 'Updated in library' when title or body changed)",
    request: LibraryPromptEdit,
    status: 204,
  },
  'DELETE /admin/prompts/{id}': { summary: 'Delete a library prompt', status: 204 },
  'GET /admin/prompts/{id}/suite': { summary: "A library prompt's checks and examples (its forks take them in)", response: LibrarySuite },
  'PUT /admin/prompts/{id}/suite': {
    summary: "Replace a library prompt's checks and examples (ids given are kept; a fork's next pull adds the new ones)",
    request: LibrarySuiteInput,
    response: LibrarySuite,
  },
  'GET /admin/categories': { summary: 'Library categories with prompt counts', response: LibraryCategoryList },
  'POST /admin/categories': { summary: 'Create a library category', request: LibraryCategoryInput, response: LibraryCategory, status: 201 },
  'PUT /admin/categories/{id}': { summary: 'Rename a library category', request: LibraryCategoryInput, status: 204 },
  'DELETE /admin/categories/{id}': { summary: 'Delete a library category; its prompts become uncategorized', status: 204 },
  'GET /admin/users': { summary: 'Users, a page at a time (by email)', response: z.array(User), query: AdminUsersQuery, responseHeaders: ADMIN_PAGE_HEADERS },
  'POST /admin/users': { summary: 'Create a user', request: AdminUserCreate, response: User, status: 201 },
  'PUT /admin/users/{id}': { summary: "Change a user's admin status and tier", request: AdminUserUpdate, response: User },
  'DELETE /admin/users/{id}': { summary: 'Delete a user and their workspace', status: 204 },
  'POST /admin/users/{id}/password-reset': { summary: 'Email the user a password reset link', response: Accepted, status: 202 },
} satisfies Partial<Record<RouteKey, RouteContract>>;
