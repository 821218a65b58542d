import type { RouteKey } from '../../routes';
import { EnhanceRequest, EnhanceResponse } from '../prompts';
import type { RouteContract } from '../route-contract';
import { RUN_EVENTS_TYPE, RUNS_REMAINING_HEADER, RunRequest } from '../run';

/** The contract of the Engine area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const ENGINE_ROUTES = {
  'POST /engine/enhance': { summary: "Enhance a prompt ('clarify')", request: EnhanceRequest, response: EnhanceResponse },
  'POST /engine/run': {
    summary:
      "Run a filled prompt (text, or a chat prompt's messages) with its model settings on the product's model (daily runs per tier, 429 when used up) or a workspace connection (no daily runs; at most 3 at once); the answer streams",
    request: RunRequest,
    otherMedia: {
      'text/plain; charset=utf-8':
        "The model's answer, streamed in chunks as it is written; a tool call as a bracketed line; a failure after the first chunk ends it with a bracketed note",
      [`${RUN_EVENTS_TYPE}; charset=utf-8`]:
        'With Accept: application/x-ndjson: one JSON object per line as it happens: {type: start, engine, model}, {type: text, delta}, {type: tool_call, id, name, arguments} (shown, never run), {type: usage, tokens_in, tokens_out}, {type: json, valid, errors} (with a JSON response format), {type: error, detail} (a failure after the first output), and last {type: end, outcome: complete|stopped|deadline|error, first_token_ms, total_ms}',
    },
    responseHeaders: { [RUNS_REMAINING_HEADER]: "Runs left today after this one: a number, or 'unlimited' (absent on a run on a connection)" },
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
