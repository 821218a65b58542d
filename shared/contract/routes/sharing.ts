import type { RouteKey } from '../../routes';
import { Prompt } from '../prompts';
import { SharedPrompt } from '../registry';
import type { RouteContract } from '../route-contract';

/** The contract of the Sharing area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const SHARING_ROUTES = {
  'GET /shared/{token}': { summary: 'A shared prompt (no sign-in): content and the author name, never an email', response: SharedPrompt },
  'POST /shared/{token}/fork': { summary: 'Copy a shared prompt into My Prompts (plan limit max_prompts)', response: Prompt, status: 201 },
} satisfies Partial<Record<RouteKey, RouteContract>>;
