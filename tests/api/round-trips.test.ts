import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FORWARDED_AUTHORIZATION_HEADER } from '@shared/edge';
import { matchRoute } from '@shared/routes';
import { installLambdaRuntime, LocalResponseStream } from '../../infra/local/lambda-runtime';
import { call, signUp } from '../support/api';
import { db, setTier, TABLE } from '../support/db';
import { apiEvent, type EventInput, type HandlerReply, invoke, lambdaContext } from '../support/events';
import { recordRequests, type Sent, sequentialRoundTrips, touchedItemKeys } from '../support/round-trips';

/**
 * DynamoDB round trips per route (the goal: at most 2 in sequence on signed-in routes). The
 * handlers run in this worker on its own DocumentClient, against the shared DynamoDB Local, with
 * the request recorder the bench uses; the data is arranged through the gateway.
 */
process.env.JWT_SECRET ??= inject('jwtSecret');
const recorder = recordRequests(db);
// Streaming handlers (POST /engine/run) wrap themselves with the Lambda runtime's global at import.
installLambdaRuntime();

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
const handlers = new Map<string, Promise<Handler>>();

/** The route's handler module, called in process; what it sent to DynamoDB, in order. */
async function measured(input: EventInput): Promise<{ reply: HandlerReply; sent: Sent[]; commands: string[]; inSequence: number }> {
  const match = matchRoute(input.method, input.path);
  if (!match || !('route' in match)) throw new Error(`No route for ${input.method} ${input.path}`);
  const name = match.route.handler;
  if (!handlers.has(name))
    handlers.set(
      name,
      import(join(import.meta.dirname, '../../functions', `${name}.ts`)).then((m) => m.handler as Handler),
    );
  const handler = await handlers.get(name)!;
  recorder.take();
  const reply = await invoke(handler, input);
  const sent = recorder.take();
  return { reply, sent, commands: sent.map((s) => s.command).sort(), inSequence: sequentialRoundTrips(sent) };
}

/**
 * A request that reads the library, measured once more if it had to build the library snapshot
 * (only when none was published yet: the builder reads the library index, never a request).
 */
async function measuredWithLibrary(input: EventInput) {
  const reloads = (sent: Sent[]) => sent.some((s) => s.command === 'Query' && s.input.IndexName === 'gsi2');
  let result = await measured(input);
  for (let attempt = 1; attempt < 5 && reloads(result.sent); attempt++) result = await measured(input);
  return result;
}

/** A streaming route called in process, as the local gateway calls it: its body once ended, and what it sent to DynamoDB. */
async function streamed(input: EventInput): Promise<{ body: string; sent: Sent[] }> {
  const match = matchRoute(input.method, input.path);
  if (!match || !('route' in match)) throw new Error(`No route for ${input.method} ${input.path}`);
  const { handler } = await import(join(import.meta.dirname, '../../functions', `${match.route.handler}.ts`));
  const chunks: Buffer[] = [];
  // The part of an HTTP response LocalResponseStream writes to.
  const response = Object.assign(new EventEmitter(), {
    headersSent: false,
    writableEnded: false,
    writableFinished: false,
    writeHead() {
      response.headersSent = true;
    },
    flushHeaders() {},
    write: (chunk: Buffer) => chunks.push(Buffer.from(chunk)) > 0,
    end(done: () => void) {
      response.writableEnded = response.writableFinished = true;
      done();
    },
    destroy() {},
  });
  recorder.take();
  // CloudFront moves the token out of Authorization for the function URL (infra/local/gateway.ts does the same).
  const event = apiEvent(input);
  event.headers[FORWARDED_AUTHORIZATION_HEADER] = `Bearer ${input.token}`;
  await handler(event, new LocalResponseStream(response as unknown as ServerResponse), lambdaContext());
  return { body: Buffer.concat(chunks).toString(), sent: recorder.take() };
}

const batchGetOf = (sent: Sent[]) =>
  (sent.find((s) => s.command === 'BatchGetItem')!.input.RequestItems as Record<string, { Keys: unknown[]; ConsistentRead?: boolean }>)[TABLE]!;

type User = Awaited<ReturnType<typeof signUp>>;
let user: User;
let categoryId: string;
let libraryId: string;
/** Two more library prompts: each measured fork takes a title (so a slug) this workspace has not used yet. */
let freshLibraryIds: string[];

const ok = async (method: string, path: string, json?: unknown, who: User = user) => {
  const reply = await call(method, path, { token: who.token, json });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
};
const newPrompt = (title: string) => ok('POST', '/prompts/', { title, body: `Draft about [INPUT: topic] ${randomUUID()}`, category_id: categoryId });

beforeAll(async () => {
  user = await signUp();
  await setTier(user.id, 'elite'); // no plan limit in the way
  categoryId = (await ok('POST', '/categories/', { name: 'Round trips' })).id;
  const page = await ok('GET', '/library/prompts?page=1&page_size=100');
  const unlocked = (page.prompts as { id: string; title: string; locked: boolean }[]).filter((p) => !p.locked);
  libraryId = unlocked[0]!.id;
  freshLibraryIds = unlocked
    .slice(1)
    .filter((p, i, all) => p.title !== unlocked[0]!.title && all.findIndex((q) => q.title === p.title) === i)
    .slice(0, 2)
    .map((p) => p.id);
  // This worker reads the published library snapshot (building it if none is published yet).
  await measured({ method: 'GET', path: '/library/filters', token: user.token });
});

describe('DynamoDB round trips', () => {
  it('reads what a route needs before it writes in the same BatchGet as the user, strongly, and nothing else first', async () => {
    // Prepare
    const prompt = await newPrompt('Saved');

    // Act
    const save = await measured({
      method: 'PUT',
      path: `/prompts/${prompt.id}`,
      token: user.token,
      json: { title: 'Saved again', body: 'New body', category_id: categoryId, tasks: [], industries: [] },
    });

    // Assess
    expect(save.reply.status).toBe(204);
    expect(save.commands).toEqual(['BatchGetItem', 'TransactWriteItems']);
    expect(save.inSequence).toBe(2);
    const read = batchGetOf(save.sent);
    expect(read.Keys).toHaveLength(3); // user, token revocation marker, the prompt
    expect(read.ConsistentRead).toBe(true);
  });

  it('keeps signed-in routes that read and write to 2 round trips in sequence', async () => {
    // Prepare
    const restored = await newPrompt('Restored');
    await ok('PUT', `/prompts/${restored.id}`, { title: 'Restored, version 2', body: 'Second', category_id: categoryId, tasks: [], industries: [] });
    const fork = await ok('POST', `/prompts/fork/${libraryId}`, { category_id: categoryId });
    const snippet = await ok('POST', '/context/snippets', { snippet_name: `rt-${randomUUID().slice(0, 8)}`, snippet_content: 'Regards' });
    const doomed = await ok('POST', '/categories/', { name: `Doomed ${randomUUID().slice(0, 8)}` });
    const t = user.token;
    const cases: [EventInput, number, string[], number][] = [
      // request, status, commands (sorted), round trips in sequence
      [
        { method: 'POST', path: '/prompts/', token: t, json: { title: 'New', body: 'Body', category_id: categoryId } },
        201,
        ['BatchGetItem', 'GetItem', 'TransactWriteItems'],
        2,
      ],
      [
        { method: 'POST', path: `/prompts/fork/${freshLibraryIds[0]}`, token: t, json: { category_id: categoryId } },
        201,
        ['BatchGetItem', 'GetItem', 'TransactWriteItems', 'UpdateItem'],
        2,
      ],
      [{ method: 'POST', path: `/prompts/fork/${freshLibraryIds[1]}`, token: t, json: {} }, 201, ['BatchGetItem', 'TransactWriteItems', 'UpdateItem'], 2],
      [{ method: 'POST', path: `/prompts/${restored.id}/versions/1/restore`, token: t }, 200, ['BatchGetItem', 'GetItem', 'TransactWriteItems'], 2],
      // The original's suite and the fork's checks are read beside the content's write (nothing new to add here).
      [
        { method: 'POST', path: `/prompts/${fork.id}/library-update/pull`, token: t },
        200,
        ['BatchGetItem', 'GetItem', 'GetItem', 'GetItem', 'TransactWriteItems'],
        2,
      ],
      [{ method: 'POST', path: `/prompts/${fork.id}/library-update/dismiss`, token: t }, 204, ['BatchGetItem', 'TransactWriteItems'], 2],
      [{ method: 'PUT', path: `/categories/${categoryId}`, token: t, json: { name: 'Round trips, renamed' } }, 204, ['BatchGetItem', 'TransactWriteItems'], 2],
      [{ method: 'DELETE', path: `/categories/${doomed.id}`, token: t }, 204, ['BatchGetItem', 'TransactWriteItems'], 2],
      [
        { method: 'PUT', path: `/context/snippets/${snippet.id}`, token: t, json: { snippet_name: 'rt-renamed', snippet_content: 'Best' } },
        200,
        ['BatchGetItem', 'TransactWriteItems'],
        2,
      ],
      [{ method: 'DELETE', path: `/context/snippets/${snippet.id}`, token: t }, 204, ['BatchGetItem', 'TransactWriteItems'], 2],
    ];

    for (const [input, status, commands, inSequence] of cases) {
      // Act
      const result = await measuredWithLibrary(input);

      // Assess
      const label = `${input.method} ${input.path}: ${JSON.stringify(result.reply.body)}`;
      expect(result.reply.status, label).toBe(status);
      expect(result.commands, label).toEqual(commands);
      expect(result.inSequence, label).toBe(inSequence);
    }
  });

  it('serves the library and fork lineage from the snapshot: the BatchGet that authenticates is the only read', async () => {
    // Prepare
    const fork = await ok('POST', `/prompts/fork/${libraryId}`, {});
    const t = user.token;
    const cases: [EventInput, string[]][] = [
      [{ method: 'GET', path: '/library/prompts', token: t, query: { page: '1', page_size: '12' } }, ['BatchGetItem']],
      [{ method: 'GET', path: '/library/filters', token: t }, ['BatchGetItem']],
      [{ method: 'GET', path: `/prompts/${fork.id}/library-update`, token: t }, ['BatchGetItem']],
      // The workspace has a fork: its original's revision comes from the snapshot, not the table.
      [{ method: 'GET', path: '/prompts/', token: t }, ['BatchGetItem', 'Query']],
    ];

    for (const [input, commands] of cases) {
      // Act
      const result = await measuredWithLibrary(input);

      // Assess
      expect(result.reply.status, `${input.method} ${input.path}`).toBe(200);
      expect(result.commands, `${input.method} ${input.path}`).toEqual(commands);
    }
  });

  it('notes a run of a saved version for library ratings without reading again the prompt the run read', async () => {
    // Prepare: a prompt of the workspace and a fork of a library prompt, each run at its version 1.
    const plain = await newPrompt('Run, not a fork');
    const fork = await ok('POST', `/prompts/fork/${libraryId}`, {});
    const libraryKey = `LIBPROMPT#${libraryId}`;
    const cases: [string, string[]][] = [
      // Neither the library (its id is the workspace's) nor the prompt again.
      [plain.id, []],
      // Only the fork's original, for its revision and tier.
      [fork.id, [libraryKey]],
    ];

    for (const [promptId, reads] of cases) {
      // Act
      const run = await streamed({
        method: 'POST',
        path: '/engine/run',
        token: user.token,
        json: { text: 'Write about tea.', prompt_id: promptId, version: 1 },
        headers: { accept: 'application/x-ndjson' },
      });

      // Assess
      expect(JSON.parse(run.body.trim().split('\n').at(-1)!), run.body).toMatchObject({ type: 'end', outcome: 'complete' });
      const gets = run.sent.filter((s) => s.command === 'GetItem');
      // The run's other reads (its allowance) are not the note's.
      const named = touchedItemKeys(gets).flatMap((k) => (k.pk.startsWith('LIBPROMPT#') ? [k.pk] : k.sk.startsWith('PROMPT#') ? [k.sk] : []));
      expect(named, promptId).toEqual(reads);
      // The run's own BatchGet read the prompt (with its version): the note used it.
      const batched = run.sent.filter((s) => s.command === 'BatchGetItem').flatMap((s) => touchedItemKeys([s]).map((k) => k.sk));
      expect(batched).toContain(`PROMPT#${promptId}`);
    }
    // The fork's run was noted: its person may rate the original.
    expect((await call('GET', `/library/prompts/${libraryId}/rating`, { token: user.token })).body).toMatchObject({ can_rate: true });
  });

  it("reads another user's ids as the caller's own: 404 after the one BatchGet, nothing written", async () => {
    // Prepare
    const other = await signUp();
    const theirs = await ok('POST', '/prompts/', { title: 'Theirs', body: 'Private' }, other);
    const t = user.token;
    const cases: EventInput[] = [
      { method: 'PUT', path: `/prompts/${theirs.id}`, token: t, json: { title: 'Mine now', body: 'x', category_id: null, tasks: [], industries: [] } },
      { method: 'POST', path: `/prompts/${theirs.id}/versions/1/restore`, token: t },
      { method: 'GET', path: `/prompts/${theirs.id}/library-update`, token: t },
    ];

    for (const input of cases) {
      // Act
      const result = await measured(input);

      // Assess
      expect(result.reply.status, `${input.method} ${input.path}`).toBe(404);
      expect(result.commands, `${input.method} ${input.path}`).toEqual(['BatchGetItem']);
    }
    expect((await ok('GET', '/prompts/', undefined, other)).prompts[0]).toMatchObject({ title: 'Theirs', body: 'Private' });
  });
});
