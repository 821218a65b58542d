import { RUN_EVENTS_TYPE, RUN_TEXT_MAX, RUNS_REMAINING_HEADER, RunRequest } from '@shared/contract/run';
import { VERSION_NOT_FOUND } from '../lib/data/prompt';
import { NotFoundError } from '../lib/http/errors';
import { api } from '../lib/http/http';
import { logger } from '../lib/http/log';
import { runModel } from '../lib/services/engine/model';
import { runBody } from '../lib/services/engine/run';
import type { RunOutcome } from '../lib/services/engine/types';
import { checkConfigSchemas } from '../lib/services/json-schema';
import { compareColumn } from '../lib/use-cases/compare';
import { openConnection } from '../lib/use-cases/connections';
import { noteLibraryUse } from '../lib/use-cases/library-ratings';
import { runSaved, takeRunAllowance } from '../lib/use-cases/model-runs';
import { compileContent, compileContext } from '../lib/use-cases/registry';
import { recordDraftRun, recordUsage } from '../lib/use-cases/usage';

/** A saved version compiled from the run's `variables` as the registry compiles it, bounded as a sent text is. */
function savedCompiled(
  content: Parameters<typeof compileContent>[0] | undefined,
  variables: Record<string, string>,
  { context, wrap }: Awaited<ReturnType<typeof compileContext>>,
) {
  if (!content) throw new NotFoundError(VERSION_NOT_FOUND);
  return compileContent(content, variables, context, wrap, undefined, RUN_TEXT_MAX);
}

/** Time kept back from the function's time-out to end the answer with a note instead of a cut. */
const DEADLINE_MARGIN_MS = 3_000;

/**
 * POST /engine/run: a filled prompt (a text prompt's `text`, or a chat prompt's `messages`; or a
 * saved version's `variables`, compiled here as the registry compiles) with its model settings → the model's answer, streamed (Lambda response streaming; a function URL
 * behind CloudFront in AWS): the text alone as `text/plain`, or events as NDJSON when the client
 * asks for `application/x-ndjson` (tool calls, tokens, the JSON check, timings). On the product's
 * model one run of the plan's daily quota is taken, on a workspace connection none, but a run
 * lease always bounds a person's runs on a connection (use-cases/model-runs.ts). Stores nothing
 * but the quota counter and the leases. The body limit is 256 KB so 20,000 characters of any
 * script (and JSON escapes) fit beside 64 KB of settings; the default 64 KB would not always.
 */
export const handler = api('POST /engine/run', { body: RunRequest, maxBodyBytes: 256 * 1024 }, async ({ user, body, context, event, workspace }) => {
  // A tool's parameters or the response schema that is not JSON Schema: refused before anything is taken.
  checkConfigSchemas(body.config);
  // A compare column runs what its session holds, on its connection (else the product's model).
  const column = body.compare ? await compareColumn(user, workspace, body.prompt_id!, body.compare) : null;
  const connectionId = column ? (column.connection_id ?? null) : body.connection_id !== undefined ? body.connection_id : (body.config?.connection_id ?? null);
  const holdMs = context.getRemainingTimeInMillis() + 5_000;
  // The allowance, the connection's key, a saved version (settings and content) and, to compile it,
  // the snippets and profile values are independent reads: in parallel, each undone if another fails.
  const [allowance, connection, saved, filling] = await Promise.allSettled([
    takeRunAllowance(user, { onConnection: connectionId !== null, holdMs }),
    connectionId === null ? Promise.resolve(null) : openConnection(workspace, connectionId),
    column ? Promise.resolve(undefined) : runSaved(workspace.pk, body, connectionId !== null),
    body.variables === undefined ? Promise.resolve(undefined) : compileContext(workspace, user, body.directives ?? true),
  ]);
  if (allowance.status === 'rejected') throw allowance.reason;
  if (connection.status === 'rejected' || saved.status === 'rejected' || filling.status === 'rejected') {
    await allowance.value.refund();
    throw ([connection, saved, filling].find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
  }

  let run: Awaited<ReturnType<typeof runModel>>;
  try {
    run = await runModel({
      prompt: column
        ? column.messages
          ? { kind: 'chat', messages: column.messages }
          : { kind: 'text', text: column.text ?? '' }
        : body.variables !== undefined
          ? savedCompiled(saved.value?.content, body.variables, filling.value!)
          : body.messages
            ? { kind: 'chat', messages: body.messages }
            : { kind: 'text', text: body.text! },
      // A column runs with its version's settings (sampling, tools, response format) and its own model.
      config: column ? { ...column.config, ...(column.model ? { model: column.model } : {}) } : saved.value?.config,
      connection: connection.value,
      deadlineMs: context.getRemainingTimeInMillis() - DEADLINE_MARGIN_MS,
    });
  } catch (error) {
    // Nothing reached the user: the run does not count against the day.
    await allowance.value.refund();
    throw error;
  }

  const format = (event.headers?.accept ?? '').includes(RUN_EVENTS_TYPE) ? 'events' : 'text';
  // A compare column's usage carries its cost; a blind one's run does not say who answers until the vote.
  const shown = column ? { start: !column.hidden, cost: true } : undefined;
  // A run of a library prompt, or of a fork of one, lets the person rate it: noted before the `end`
  // event (or when a stopped answer closes), so the rating reads as allowed once the client has `end`.
  let noted = false;
  const noteUse = async (outcome: RunOutcome) => {
    if (noted || !body.prompt_id || outcome === 'error') return;
    noted = true;
    // The prompt item the run read already (a saved version's, a library original column's) spares its reads.
    await noteLibraryUse(user, workspace.pk, body.prompt_id, column ? column.prompt : saved.value?.prompt);
  };
  const answer = runBody(
    run,
    format,
    (outcome, chars, spent) => {
      allowance.value.release();
      const version = column ? column.version : (body.version ?? null);
      if (body.prompt_id) {
        const use = {
          workspace: workspace.pk,
          prompt_id: body.prompt_id,
          channel: column ? ('compare' as const) : ('workbench' as const),
          kind: 'run' as const,
          tokens_in: spent.tokens_in,
          tokens_out: spent.tokens_out,
          tokens_estimated: spent.estimated,
          ...(spent.total_ms === null ? {} : { latency_ms: spent.total_ms }),
          model: run.model,
          error: outcome === 'error',
        };
        // A saved version's run counts for it; a draft's (no version) as version 0 of a prompt of the workspace; a library original's is no version of it and is not counted (docs/decisions.md).
        if (version !== null) recordUsage({ ...use, version });
        else if (!column?.original) void recordDraftRun(use);
      }
      void noteUse(outcome);
      if (outcome !== 'error' && outcome !== 'deadline') return;
      // What happened, never what was asked or answered.
      logger.warn(`run ended early (${outcome})`, { requestId: context.awsRequestId, promptId: body.prompt_id, engine: run.engine, chars });
    },
    shown,
    noteUse,
  );
  // Its absence would tell a blind column on a connection from one on the product's model.
  const remaining = column?.hidden ? null : allowance.value.remaining;
  return {
    statusCode: 200,
    headers: {
      'content-type': format === 'events' ? `${RUN_EVENTS_TYPE}; charset=utf-8` : 'text/plain; charset=utf-8',
      ...(remaining === null ? {} : { [RUNS_REMAINING_HEADER]: remaining }),
    },
    body: answer,
  };
});
