import { randomUUID } from 'node:crypto';
import {
  DynamoDBClient,
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { type AwsStub, mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../infra/local/stack';
import { call, newAccount } from '../../support/api';
import { invoke } from '../../support/events';
import { startOwnStack } from '../../support/own-stack';

/**
 * Storage faults, injected with aws-sdk-client-mock into the DocumentClient the handlers share.
 * The handlers run in this worker (imported directly, invoked with API Gateway events) against a
 * stack of its own, so the mock reaches them and the shared stack never sees a fault. Every case
 * checks the answer a client gets and, after the mock is lifted, that nothing was half-written.
 */
let stack: LocalStack;
let base: string;
let inspect: DynamoDBDocumentClient;
let ddb: AwsStub<any, any, any>;
let db: DynamoDBDocumentClient;
const handlers = {} as Record<
  'createPrompt' | 'createCategory' | 'createSnippet' | 'me' | 'deleteUser' | 'webhook' | 'deletePrompt',
  (e: any, c: any) => Promise<any>
>;
const ADMIN = { email: 'faults-admin@construct.test', password: 'faults-admin-password' };
const BUSY = 'The service is busy. Please try again in a moment.';

beforeAll(async () => {
  stack = await startOwnStack({ admin: ADMIN });
  base = `${stack.url}/api/v1`;
  inspect = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  ({ db } = await import('../../../functions/lib/data/db'));
  handlers.createPrompt = (await import('../../../functions/prompts/create')).handler;
  handlers.deletePrompt = (await import('../../../functions/prompts/delete')).handler;
  handlers.createCategory = (await import('../../../functions/categories/create')).handler;
  handlers.createSnippet = (await import('../../../functions/context/create-snippet')).handler;
  handlers.me = (await import('../../../functions/auth/me')).handler;
  handlers.deleteUser = (await import('../../../functions/admin/delete-user')).handler;
  handlers.webhook = (await import('../../../functions/billing/webhook')).handler;
}, 60_000);

afterAll(async () => {
  ddb?.restore();
  await stack?.stop();
});

beforeEach(() => {
  // A fresh stub per test: every command reaches DynamoDB Local unless a test says otherwise.
  ddb = mockClient(db);
  ddb.reset();
  (ddb.send as any).callThrough();
  return () => {
    // Lifted mid-test already where a test checks the table afterwards.
    if ((db.send as any).restore) ddb.restore();
  };
});

// ---- factories ---------------------------------------------------------------------------------

/** A user written straight to the table with a session token (no scrypt: these tests are about storage). */
async function user(overrides: { is_admin?: boolean; access_tier?: 'free' | 'pro' | 'elite' } = {}) {
  const { createUser } = await import('../../../functions/lib/data/users');
  const { issueAccessToken } = await import('../../../functions/lib/http/tokens');
  const account = newAccount();
  const record = await createUser({
    email: account.email,
    password_hash: 'not-a-hash',
    first_name: 'Fault',
    last_name: 'Test',
    is_admin: false,
    access_tier: 'free',
    ...overrides,
  });
  return { ...account, id: record.id, token: (await issueAccessToken(record.id, 0)).token };
}

const adminToken = async () =>
  (await call('POST', '/auth/login', { base, form: { username: ADMIN.email, password: ADMIN.password } })).body.access_token as string;

/** Every item of a user's partition, as DynamoDB Local holds it (read with an unmocked client). */
async function partition(userId: string) {
  const { Items } = await inspect.send(
    new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  return (Items ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}
/** Every item of the whole table that names `id` in its key or points at it (a table Scan, unmocked). */
async function leftovers(id: string) {
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await inspect.send(
      new ScanCommand({
        TableName: stack.tableName,
        FilterExpression: 'contains(pk, :id) OR contains(sk, :id) OR prompt_id = :id OR category_id = :id OR user_id = :id',
        ExpressionAttributeValues: { ':id': id },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    // Activity is the events worker's, written after the change: the workspace's feed keeps telling
    // of the prompt until its TTL, and the prompt's own feed goes when the deletion is recorded
    // (tests/api/activity.test.ts).
    found.push(...(page.Items ?? []).filter((item) => item.type !== 'activity'));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}
const userRow = async (userId: string) =>
  (await inspect.send(new GetCommand({ TableName: stack.tableName, Key: { pk: `USER#${userId}`, sk: 'PROFILE' } }))).Item;

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** Every write (put, batch, transaction) naming an item that matches `sk` fails as if the process died there. */
const failWrites = (sk: RegExp) => {
  const realSend = DynamoDBDocumentClient.prototype.send as any;
  for (const Command of [PutCommand, BatchWriteCommand, TransactWriteCommand] as any[])
    ddb.on(Command).callsFake(async (input: unknown, getClient: () => unknown) => {
      if (sk.test(JSON.stringify(input))) throw new InternalServerError({ message: 'Internal server error', $metadata: {} });
      return realSend.call(getClient(), new Command(input));
    });
};

const prompt = { title: 'Fault-tolerant', body: 'Write about [INPUT: topic].' };

// ---- storage faults on user writes --------------------------------------------------------------

describe('storage faults on writes', () => {
  it('answers 503 with a detail when DynamoDB throttles a create, writes nothing and the retry succeeds', async () => {
    const u = await user();
    const before = await partition(u.id);
    ddb.on(TransactWriteCommand).rejects(new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }));

    const reply = await invoke(handlers.createPrompt, { method: 'POST', path: '/prompts/', token: u.token, json: prompt });

    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ detail: BUSY });
    expect(JSON.stringify(reply.body)).not.toMatch(/Provisioned|Exception|stack/i);
    ddb.restore();
    expect(await partition(u.id)).toEqual(before);
    expect((await call('POST', '/prompts/', { base, token: u.token, json: prompt })).status).toBe(201);
    expect((await userRow(u.id))?.prompts_used).toBe(1);
  });

  it('answers 503 for an internal DynamoDB error on a named create and leaves no name claim behind', async () => {
    const u = await user();
    ddb.on(TransactWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const reply = await invoke(handlers.createCategory, { method: 'POST', path: '/categories/', token: u.token, json: { name: 'Marketing' } });

    expect(reply.status).toBe(503);
    expect(reply.body.detail).toBe(BUSY);
    ddb.restore();
    expect((await partition(u.id)).map((i) => i.sk)).toEqual(['PROFILE']);
    expect((await userRow(u.id))?.categories_used).toBe(0);
    // The name is still free: no claim item was left by the failed attempt.
    expect((await call('POST', '/categories/', { base, token: u.token, json: { name: 'marketing' } })).status).toBe(201);
  });

  it('answers 503 when reading the signed-in user is throttled', async () => {
    const u = await user();
    ddb.on(BatchGetCommand).rejects(new ThrottlingException({ message: 'Throttled', $metadata: {} }));

    const reply = await invoke(handlers.me, { method: 'GET', path: '/auth/me', token: u.token });

    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ detail: BUSY });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('never signs a user out because a throttled batch read left their record unprocessed', async () => {
    const u = await user();
    // DynamoDB answers a throttled BatchGet with nothing read and every key handed back.
    ddb.on(BatchGetCommand).callsFake(async (input) => ({ Responses: { construct: [] }, UnprocessedKeys: input.RequestItems, $metadata: {} }));

    const reply = await invoke(handlers.me, { method: 'GET', path: '/auth/me', token: u.token });

    expect(reply.status).toBe(503);
    expect(reply.body.detail).toBe(BUSY);
  });

  it('asks again for keys a batch read handed back, and answers normally when they come', async () => {
    const u = await user();
    const realSend = DynamoDBDocumentClient.prototype.send as any;
    ddb
      .on(BatchGetCommand)
      .callsFakeOnce(async (input) => ({ Responses: { construct: [] }, UnprocessedKeys: input.RequestItems, $metadata: {} }))
      .callsFake((input, getClient) => realSend.call(getClient(), new BatchGetCommand(input)));

    const reply = await invoke(handlers.me, { method: 'GET', path: '/auth/me', token: u.token });

    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(u.id);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('answers 409 with a detail when a transaction keeps losing to concurrent writers, and writes nothing', async () => {
    const u = await user();
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None', 'None'));

    const reply = await invoke(handlers.createSnippet, {
      method: 'POST',
      path: '/context/snippets',
      token: u.token,
      json: { snippet_name: 'Bio', snippet_content: 'We build things.' },
    });

    expect(reply.status).toBe(409);
    expect(reply.body.detail).toBe('Another request changed the same data at the same time. Please try again.');
    // It was retried before giving up.
    expect(ddb.commandCalls(TransactWriteCommand).length).toBeGreaterThan(1);
    ddb.restore();
    expect((await partition(u.id)).map((i) => i.sk)).toEqual(['PROFILE']);
    expect((await userRow(u.id))?.snippets_used).toBe(0);
  });

  it('answers 503 when a transaction is cancelled because DynamoDB throttled one of its items', async () => {
    const u = await user();
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ThrottlingError'));

    const reply = await invoke(handlers.createPrompt, { method: 'POST', path: '/prompts/', token: u.token, json: prompt });

    expect(reply.status).toBe(503);
    expect(reply.body.detail).toBe(BUSY);
    ddb.restore();
    expect((await partition(u.id)).map((i) => i.sk)).toEqual(['PROFILE']);
  });

  it('maps a failed plan-limit condition in a cancelled transaction to the plan-limit 403', async () => {
    const u = await user();
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));

    const reply = await invoke(handlers.createPrompt, { method: 'POST', path: '/prompts/', token: u.token, json: prompt });

    expect(reply.status).toBe(403);
    expect(reply.body.detail).toBe('You have reached your limit of 5 prompts. Please upgrade your plan.');
  });

  it('answers 503 when a delete is throttled and keeps item and counter in step', async () => {
    const u = await user();
    const created = await call('POST', '/prompts/', { base, token: u.token, json: prompt });
    ddb.on(TransactWriteCommand).rejects(new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }));

    const reply = await invoke(handlers.deletePrompt, { method: 'DELETE', path: `/prompts/${created.body.id}`, token: u.token });

    expect(reply.status).toBe(503);
    ddb.restore();
    const items = await partition(u.id);
    expect(items.filter((i) => i.type === 'prompt')).toHaveLength(1);
    expect((await userRow(u.id))?.prompts_used).toBe(1);
  });

  it('finishes deleting an account when the workspace clean-up failed half-way and the admin retries', async () => {
    const admin = await adminToken();
    const u = await user();
    await call('POST', '/prompts/', { base, token: u.token, json: prompt });
    await call('POST', '/categories/', { base, token: u.token, json: { name: 'Leftover' } });
    await call('POST', '/context/snippets', { base, token: u.token, json: { snippet_name: 'Leftover', snippet_content: 'x' } });
    ddb.on(BatchWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const first = await invoke(handlers.deleteUser, { method: 'DELETE', path: `/admin/users/${u.id}`, token: admin });

    expect(first.status).toBe(503);
    expect(first.body.detail).toBe(BUSY);
    ddb.restore();
    // Access ended with the first attempt (the user item and email claim go first, together).
    expect((await call('GET', '/auth/me', { base, token: u.token })).status).toBe(401);

    const retry = await call('DELETE', `/admin/users/${u.id}`, { base, token: admin });

    expect(retry.status).toBe(204);
    expect(await partition(u.id)).toEqual([]);
    expect(await leftovers(u.id)).toEqual([]);
    expect((await call('DELETE', `/admin/users/${u.id}`, { base, token: admin })).status).toBe(404);
  });
});

// ---- a storage fault during a Stripe webhook -----------------------------------------------------

describe('a storage fault during a Stripe webhook', () => {
  const sdk = new Stripe('sk_x');
  const event = (type: string, object: Record<string, unknown>, created: number) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created,
    data: { object },
  });
  const upgrade = (userId: string, created: number) =>
    event(
      'checkout.session.completed',
      {
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        client_reference_id: userId,
        customer: `cus_${userId.slice(0, 8)}`,
        subscription: `sub_${userId.slice(0, 8)}`,
        metadata: { user_id: userId, plan: 'elite' },
      },
      created,
    );
  const cancel = (userId: string, created: number) =>
    event(
      'customer.subscription.deleted',
      {
        id: `sub_${userId.slice(0, 8)}`,
        object: 'subscription',
        customer: `cus_${userId.slice(0, 8)}`,
        status: 'canceled',
        metadata: { user_id: userId, plan: 'elite' },
        items: { data: [] },
      },
      created,
    );

  const deliver = (stripeEvent: object) => {
    const payload = JSON.stringify(stripeEvent);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
    return invoke(handlers.webhook, {
      method: 'POST',
      path: '/billing/webhook',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const markers = async (eventId: string) =>
    (
      await inspect.send(
        new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `STRIPE_EVENT#${eventId}` } }),
      )
    ).Items ?? [];

  it('fails the delivery (non-2xx) when the write fails, then applies the redelivery exactly once', async () => {
    const u = await user();
    const now = Math.floor(Date.now() / 1000);
    const paid = upgrade(u.id, now);
    ddb.on(TransactWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const failed = await deliver(paid);

    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body.detail).toBe(BUSY);
    ddb.restore();
    expect((await userRow(u.id))?.access_tier).toBe('free');
    expect(await markers(paid.id)).toEqual([]);

    const redelivered = await deliver(paid);
    const again = await deliver(paid);

    expect(redelivered).toMatchObject({ status: 200, body: { received: true, applied: true } });
    expect(again).toMatchObject({ status: 200, body: { received: true, applied: false } });
    expect((await userRow(u.id))?.access_tier).toBe('elite');
    expect(await markers(paid.id)).toHaveLength(1);
  });

  it('does not apply a redelivery twice when the write succeeded but the answer was lost', async () => {
    const u = await user();
    const now = Math.floor(Date.now() / 1000);
    const paid = upgrade(u.id, now);
    // The write reaches DynamoDB, then the connection drops before the answer (a 5xx to Stripe).
    const realSend = DynamoDBDocumentClient.prototype.send;
    ddb.on(TransactWriteCommand).callsFake(async (input, getClient) => {
      await (realSend as any).call(getClient(), new TransactWriteCommand(input));
      throw new InternalServerError({ message: 'Connection reset', $metadata: {} });
    });

    const failed = await deliver(paid);

    expect(failed.status).toBeGreaterThanOrEqual(500);
    ddb.restore();
    expect((await userRow(u.id))?.access_tier).toBe('elite');
    // Meanwhile the customer cancels; then Stripe redelivers the old upgrade.
    expect((await deliver(cancel(u.id, now + 5))).body.applied).toBe(true);

    const redelivered = await deliver(paid);

    expect(redelivered).toMatchObject({ status: 200, body: { received: true, applied: false } });
    expect((await userRow(u.id))?.access_tier).toBe('free');
  });
});

// ---- deletes leave nothing behind ---------------------------------------------------------------

describe('atomic deletes', () => {
  /** A prompt with a slug, `edits` versions of history, a label on an earlier version and a share link. */
  async function promptWithHistory(token: string, edits: number) {
    const created = await call('POST', '/prompts/', { base, token, json: prompt });
    const id = created.body.id as string;
    for (let i = 1; i <= edits; i++) {
      expect((await call('PUT', `/prompts/${id}`, { base, token, json: { ...prompt, body: `Draft ${i} about [INPUT: topic].` } })).status).toBe(204);
    }
    expect((await call('PUT', `/prompts/${id}/labels/production`, { base, token, json: { version: 2 } })).status).toBe(200);
    expect((await call('POST', `/prompts/${id}/share`, { base, token })).status).toBe(201);
    return id;
  }

  it('deletes a prompt with 48 versions, its label, slug claim and share link at once, even where the clean-up used to fail', async () => {
    const u = await user({ access_tier: 'pro' });
    const id = await promptWithHistory(u.token, 48);
    expect((await leftovers(id)).filter((i) => i.type === 'prompt_version')).toHaveLength(48);
    expect((await leftovers(id)).filter((i) => i.type === 'share_link')).toHaveLength(1);
    // The step after the prompt's own delete (a batch delete of the history) used to fail here for good.
    ddb.on(BatchWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const reply = await invoke(handlers.deletePrompt, { method: 'DELETE', path: `/prompts/${id}`, token: u.token });

    expect(reply.status).toBe(204);
    ddb.restore();
    expect(await leftovers(id)).toEqual([]);
    expect((await userRow(u.id))?.prompts_used).toBe(0);
  });

  it('leaves the prompt whole when the delete fails, and the retry leaves nothing of it', async () => {
    const u = await user({ access_tier: 'pro' });
    const id = await promptWithHistory(u.token, 12);
    const before = await leftovers(id);
    ddb.on(TransactWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const first = await invoke(handlers.deletePrompt, { method: 'DELETE', path: `/prompts/${id}`, token: u.token });

    expect(first.status).toBe(503);
    expect(first.body.detail).toBe(BUSY);
    ddb.restore();
    expect(await leftovers(id)).toEqual(before);
    expect((await call('GET', `/prompts/${id}/versions`, { base, token: u.token })).body.versions).toHaveLength(13);

    expect((await call('DELETE', `/prompts/${id}`, { base, token: u.token })).status).toBe(204);
    expect(await leftovers(id)).toEqual([]);
    expect((await userRow(u.id))?.prompts_used).toBe(0);
    expect((await call('DELETE', `/prompts/${id}`, { base, token: u.token })).status).toBe(404);
  });

  it('finishes deleting an account its owner deleted when the clean-up failed half-way: the next account deletion does', async () => {
    const deleteAccount = (await import('../../../functions/account/delete')).handler;
    const signedUp = async () => {
      const account = newAccount();
      expect((await call('POST', '/auth/register', { base, json: account })).status).toBe(201);
      const login = await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } });
      const id = (await call('GET', '/auth/me', { base, token: login.body.access_token })).body.id as string;
      return { ...account, id, token: login.body.access_token as string };
    };
    const owner = await signedUp();
    await call('POST', '/prompts/', { base, token: owner.token, json: prompt });
    await call('POST', '/api-keys', { base, token: owner.token, json: { name: 'Leftover', password: owner.password } });
    ddb.on(BatchWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const first = await invoke(deleteAccount, { method: 'DELETE', path: '/account', token: owner.token, json: { password: owner.password } });

    expect(first.status).toBe(503);
    ddb.restore();
    // The owner cannot retry: their sessions ended with the account.
    expect((await call('DELETE', '/account', { base, token: owner.token, json: { password: owner.password } })).status).toBe(401);
    expect((await leftovers(owner.id)).length).toBeGreaterThan(0);

    const next = await signedUp();
    expect((await call('DELETE', '/account', { base, token: next.token, json: { password: next.password } })).status).toBe(204);

    expect(await leftovers(owner.id)).toEqual([]);
    expect(await leftovers(next.id)).toEqual([]);
  });

  it('a retry finishes a delete that stopped half way (history left without its prompt)', async () => {
    const u = await user();
    const id = randomUUID();
    for (let v = 1; v <= 3; v++) {
      await inspect.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: {
            pk: `USER#${u.id}`,
            sk: `VERSION#${id}#${String(v).padStart(6, '0')}`,
            type: 'prompt_version',
            prompt_id: id,
            version: v,
            title: 'Gone',
            body: 'Deleted text',
            tasks: [],
            industries: [],
          },
        }),
      );
    }

    expect((await call('DELETE', `/prompts/${id}`, { base, token: u.token })).status).toBe(204);
    expect(await leftovers(id)).toEqual([]);
    expect((await call('DELETE', `/prompts/${id}`, { base, token: u.token })).status).toBe(404);
  });

  describe("an import's suite (issue 29)", () => {
    const title = () => `Suite import ${randomUUID().slice(0, 8)}`;
    const document = (name: string) => ({
      format: 'construct.prompts',
      version: 1,
      categories: [],
      prompts: [
        {
          title: name,
          body: 'Explain [INPUT: topic].',
          checks: [{ kind: 'contains', value: 'because' }],
          examples: [{ inputs: { topic: 'tides' } }, { inputs: { topic: 'wind' } }, { inputs: { topic: 'rain' } }],
        },
      ],
    });
    const importOf = (token: string, name: string) => call('POST', '/prompts/import', { base, token, json: { document: document(name) } });
    const importHandler = async () => (await import('../../../functions/prompts/import')).handler;
    /** The imported prompt (one of that title), its checks, examples and the suite items of any prompt id in the partition. */
    async function state(u: { id: string; token: string }, name: string) {
      const prompts = ((await call('GET', '/prompts/', { base, token: u.token })).body.prompts as { id: string; title: string }[]).filter(
        (p) => p.title === name,
      );
      const id = prompts[0]?.id;
      const items = await partition(u.id);
      return {
        prompts: prompts.length,
        checks: id ? ((await call('GET', `/prompts/${id}/checks`, { base, token: u.token })).body.checks as unknown[]).length : 0,
        examples: id ? ((await call('GET', `/prompts/${id}/examples`, { base, token: u.token })).body.examples as unknown[]).length : 0,
        examplesUsed: items.find((i) => i.sk === `PROMPT#${id}`)?.examples_used,
        suiteOf: new Set(items.filter((i) => /^X(CHECKS|EXAMPLE)#/.test(String(i.sk))).map((i) => i.prompt_id)),
      };
    }

    it('a crash at the suite leaves no prompt without one: the re-import writes the prompt with its whole suite', async () => {
      const u = await user();
      const name = title();
      failWrites(/"sk":"X(CHECKS|EXAMPLE)#/);

      const first = await invoke(await importHandler(), { method: 'POST', path: '/prompts/import', token: u.token, json: { document: document(name) } });

      expect(first.status).toBe(503);
      ddb.restore();
      expect((await state(u, name)).prompts).toBe(0);
      const again = await importOf(u.token, name);
      expect(again.body).toMatchObject({ created: 1, duplicates: 0 });
      const after = await state(u, name);
      expect(after).toMatchObject({ prompts: 1, checks: 1, examples: 3, examplesUsed: 3 });
    });

    it('a failed prompt write after its suite leaves no stray suite, and the re-import writes it once', async () => {
      const u = await user();
      const name = title();
      failWrites(/"sk":"PROMPT#/);

      const first = await invoke(await importHandler(), { method: 'POST', path: '/prompts/import', token: u.token, json: { document: document(name) } });

      expect(first.status).toBe(503);
      ddb.restore();
      expect(await state(u, name)).toMatchObject({ prompts: 0, suiteOf: new Set() });
      expect((await importOf(u.token, name)).status).toBe(201);
      expect((await importOf(u.token, name)).body).toMatchObject({ created: 0, duplicates: 1 });
      const after = await state(u, name);
      expect(after).toMatchObject({ prompts: 1, checks: 1, examples: 3, examplesUsed: 3 });
      expect(after.suiteOf.size).toBe(1);
    });
  });

  describe("a fork's, a copy's and a pull's suite (issue 29)", () => {
    const handler = async (name: 'fork' | 'copy' | 'pull-library-update') => (await import(`../../../functions/prompts/${name}`)).handler;
    const SUITE = { checks: [{ kind: 'contains', value: 'because' }], examples: ['tides', 'wind', 'rain'].map((topic) => ({ inputs: { topic } })) };
    /** A library prompt published with SUITE. */
    async function publish() {
      const admin = await adminToken();
      const own = (
        await call('POST', '/prompts/', { base, token: admin, json: { title: `Suite fork ${randomUUID().slice(0, 8)}`, body: 'Explain [INPUT: topic].' } })
      ).body.id;
      expect((await call('PUT', `/prompts/${own}/checks`, { base, token: admin, json: { checks: SUITE.checks } })).status).toBe(200);
      for (const example of SUITE.examples) expect((await call('POST', `/prompts/${own}/examples`, { base, token: admin, json: example })).status).toBe(201);
      return (await call('POST', '/admin/prompts', { base, token: admin, json: { prompt_id: own, access_tier: 'free' } })).body.id as string;
    }
    let libraryId: string;
    beforeAll(async () => {
      libraryId = await publish();
    });
    /** Prompts of a workspace (`?workspace=`) matching `pick`, with the suite of the first and the prompt ids any suite item of the partition names. */
    async function state(token: string, pk: string, pick: (p: { id: string; forked_from?: string; title: string }) => boolean, workspace?: string) {
      const query = workspace ? `?workspace=${workspace}` : '';
      const prompts = ((await call('GET', `/prompts/${query}`, { base, token })).body.prompts as { id: string; forked_from?: string; title: string }[]).filter(
        pick,
      );
      const id = prompts[0]?.id;
      const { Items = [] } = await inspect.send(
        new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
      );
      return {
        prompts: prompts.length,
        checks: id ? ((await call('GET', `/prompts/${id}/checks${query}`, { base, token })).body.checks as unknown[]).length : 0,
        examples: id ? ((await call('GET', `/prompts/${id}/examples${query}`, { base, token })).body.examples as unknown[]).length : 0,
        examplesUsed: Items.find((i) => i.sk === `PROMPT#${id}`)?.examples_used,
        suiteRev: Items.find((i) => i.sk === `PROMPT#${id}`)?.suite_rev,
        suiteOf: new Set(Items.filter((i) => /^X(CHECKS|EXAMPLE)#/.test(String(i.sk))).map((i) => i.prompt_id)),
      };
    }
    const isFork = (p: { forked_from?: string }) => p.forked_from === libraryId;

    it("a crash at a fork's suite leaves no fork without one: the next fork has the whole suite", async () => {
      const u = await user();
      failWrites(/"sk":"X(CHECKS|EXAMPLE)#/);

      const first = await invoke(await handler('fork'), { method: 'POST', path: `/prompts/fork/${libraryId}`, token: u.token, json: {} });

      expect(first.status).toBe(503);
      ddb.restore();
      expect((await state(u.token, `USER#${u.id}`, isFork)).prompts).toBe(0);
      expect((await call('POST', `/prompts/fork/${libraryId}`, { base, token: u.token, json: {} })).status).toBe(201);
      expect(await state(u.token, `USER#${u.id}`, isFork)).toMatchObject({ prompts: 1, checks: 1, examples: 3, examplesUsed: 3, suiteRev: 1 });
    });

    it('a failed fork write after its suite leaves no stray suite', async () => {
      const u = await user();
      failWrites(/"sk":"PROMPT#/);

      const first = await invoke(await handler('fork'), { method: 'POST', path: `/prompts/fork/${libraryId}`, token: u.token, json: {} });

      expect(first.status).toBe(503);
      ddb.restore();
      expect(await state(u.token, `USER#${u.id}`, isFork)).toMatchObject({ prompts: 0, suiteOf: new Set() });
    });

    /** A Pro user's prompt with the suite, and a team of theirs to copy or move it to. */
    async function copyCase() {
      const u = await user({ access_tier: 'pro' });
      const title = `Suite copy ${randomUUID().slice(0, 8)}`;
      const id = (await call('POST', '/prompts/', { base, token: u.token, json: { title, body: 'Explain [INPUT: topic].' } })).body.id as string;
      await call('PUT', `/prompts/${id}/checks`, { base, token: u.token, json: { checks: SUITE.checks } });
      for (const example of SUITE.examples) await call('POST', `/prompts/${id}/examples`, { base, token: u.token, json: example });
      const team = (await call('POST', '/teams', { base, token: u.token, json: { name: `Suite team ${title.slice(-8)}` } })).body.id as string;
      return { u, id, team, titled: (p: { title: string }) => p.title === title };
    }

    it("a crash at a move's suite leaves no copy without one and the original whole: the next move carries the suite", async () => {
      const { u, id, team, titled } = await copyCase();
      failWrites(/"sk":"X(CHECKS|EXAMPLE)#/);

      const first = await invoke(await handler('copy'), { method: 'POST', path: `/prompts/${id}/copy`, token: u.token, json: { to: team, move: true } });

      expect(first.status).toBe(503);
      ddb.restore();
      expect((await state(u.token, `TEAM#${team}`, titled, team)).prompts).toBe(0);
      expect(await state(u.token, `USER#${u.id}`, titled)).toMatchObject({ prompts: 1, checks: 1, examples: 3 });
      expect((await call('POST', `/prompts/${id}/copy`, { base, token: u.token, json: { to: team, move: true } })).status).toBe(201);
      expect(await state(u.token, `TEAM#${team}`, titled, team)).toMatchObject({ prompts: 1, checks: 1, examples: 3, examplesUsed: 3, suiteRev: 1 });
      expect((await state(u.token, `USER#${u.id}`, titled)).prompts).toBe(0);
    });

    it('a failed copy write after its suite leaves no stray suite in the target', async () => {
      const { u, id, team, titled } = await copyCase();
      failWrites(/"sk":"PROMPT#/);

      const first = await invoke(await handler('copy'), { method: 'POST', path: `/prompts/${id}/copy`, token: u.token, json: { to: team } });

      expect(first.status).toBe(503);
      ddb.restore();
      expect(await state(u.token, `TEAM#${team}`, titled, team)).toMatchObject({ prompts: 0, suiteOf: new Set() });
    });

    /** A fork of a new library prompt, and the library's suite then given a check more (what the next pull adds). */
    async function forkThenLibraryCheck(u: { token: string }) {
      const lib = await publish();
      const fork = (await call('POST', `/prompts/fork/${lib}`, { base, token: u.token, json: {} })).body.id as string;
      const admin = await adminToken();
      const before = (await call('GET', `/admin/prompts/${lib}/suite`, { base, token: admin })).body;
      const edited = await call('PUT', `/admin/prompts/${lib}/suite`, {
        base,
        token: admin,
        json: {
          checks: [...before.checks.map(({ id, kind, value }: any) => ({ id, kind, value })), { kind: 'not_contains', value: 'jargon' }],
          examples: before.examples.map(({ id, inputs }: any) => ({ id, inputs })),
        },
      });
      expect(edited.status).toBe(200);
      const checks = (await call('GET', `/prompts/${fork}/checks`, { base, token: u.token })).body.checks as { id: string; kind: string; value: unknown }[];
      return { fork, checks };
    }
    /** Before each of the pull's writes of the checks (the first `times`), the user saves `edit` (PUT /prompts/{id}/checks) in between. */
    function editBeforePullWrites(token: string, fork: string, edit: (n: number) => unknown[], times: number) {
      const realSend = DynamoDBDocumentClient.prototype.send as any;
      let edits = 0;
      let editing = false;
      ddb.on(TransactWriteCommand).callsFake(async (input: unknown, getClient: () => unknown) => {
        if (!editing && edits < times && /"sk":"XCHECKS#/.test(JSON.stringify(input))) {
          editing = true;
          edits++;
          expect((await call('PUT', `/prompts/${fork}/checks`, { base, token, json: { checks: edit(edits) } })).status).toBe(200);
          editing = false;
        }
        return realSend.call(getClient(), new TransactWriteCommand(input as any));
      });
      return () => edits;
    }

    it("a check edit landing between a pull's read and write is kept, and the library's new check joins it", async () => {
      const u = await user();
      const { fork, checks } = await forkThenLibraryCheck(u);
      const edits = editBeforePullWrites(u.token, fork, () => [{ ...checks[0], name: 'Mine now' }], 1);

      const pulled = await invoke(await handler('pull-library-update'), { method: 'POST', path: `/prompts/${fork}/library-update/pull`, token: u.token });

      ddb.restore();
      expect(edits()).toBe(1);
      expect(pulled.status).toBe(200);
      const after = (await call('GET', `/prompts/${fork}/checks`, { base, token: u.token })).body.checks as { name: string | null; kind: string }[];
      expect(after.map((c) => [c.kind, c.name])).toEqual([
        ['contains', 'Mine now'],
        ['not_contains', null],
      ]);
    });

    it('a pull that keeps losing to check edits answers 409 with a detail, and the last edit stays', async () => {
      const u = await user();
      const { fork, checks } = await forkThenLibraryCheck(u);
      editBeforePullWrites(u.token, fork, (n) => [{ ...checks[0], name: `Edit ${n}` }], 10);

      const pulled = await invoke(await handler('pull-library-update'), { method: 'POST', path: `/prompts/${fork}/library-update/pull`, token: u.token });

      ddb.restore();
      expect(pulled.status).toBe(409);
      expect(pulled.body.detail).toMatch(/pull again/);
      const after = (await call('GET', `/prompts/${fork}/checks`, { base, token: u.token })).body.checks as { name: string | null }[];
      expect(after.map((c) => c.name)).toEqual(['Edit 3']);
      expect((await call('POST', `/prompts/${fork}/library-update/pull`, { base, token: u.token })).status).toBe(200);
      expect(((await call('GET', `/prompts/${fork}/checks`, { base, token: u.token })).body.checks as unknown[]).length).toBe(2);
    });
  });

  it('leaves a category and its name claim whole when the delete fails, and the retry leaves nothing of them', async () => {
    const u = await user();
    const name = `Doomed ${randomUUID().slice(0, 8)}`;
    const category = await call('POST', '/categories/', { base, token: u.token, json: { name } });
    const id = category.body.id as string;
    const filed = await call('POST', '/prompts/', { base, token: u.token, json: { ...prompt, category_id: id } });
    const claim = { pk: `USER#${u.id}`, sk: `CATNAME#${name.toLowerCase()}` };
    const deleteCategory = (await import('../../../functions/categories/delete')).handler;
    ddb.on(TransactWriteCommand).rejects(new InternalServerError({ message: 'Internal server error', $metadata: {} }));

    const first = await invoke(deleteCategory, { method: 'DELETE', path: `/categories/${id}`, token: u.token });

    expect(first.status).toBe(503);
    ddb.restore();
    expect((await inspect.send(new GetCommand({ TableName: stack.tableName, Key: claim }))).Item).toBeDefined();
    expect((await userRow(u.id))?.categories_used).toBe(1);

    expect((await call('DELETE', `/categories/${id}`, { base, token: u.token })).status).toBe(204);
    expect((await leftovers(id)).filter((i) => i.type !== 'prompt')).toEqual([]);
    expect((await inspect.send(new GetCommand({ TableName: stack.tableName, Key: claim }))).Item).toBeUndefined();
    expect((await userRow(u.id))?.categories_used).toBe(0);
    // Its prompt stays, uncategorised.
    const listed = (await call('GET', '/prompts/', { base, token: u.token })).body.prompts as { id: string; category_id: string | null }[];
    expect(listed.find((p) => p.id === filed.body.id)?.category_id).toBeNull();
  });
});
