import { Webhook as Signer } from 'standardwebhooks';
import { MAX_DELAY_SECONDS } from '@shared/workers';
import type { WorkspacePk } from '../data/keys';
import { getUser } from '../data/users';
import { type DeliveryItem, getDelivery, recordAttempt } from '../data/webhook-deliveries';
import { type DeliveryTarget, gateRev, getWebhook, markFailing, markHealthy } from '../data/webhooks';
import { logger } from '../http/log';
import { sendMail } from '../services/mail';
import { webhookFailingMail } from '../services/mail-messages';
import { outboundFetch } from '../services/outbound-url';
import { enqueue } from '../services/queue';
import { open } from '../services/secret-box';
import { emitEvent } from './events';

/**
 * Sending one delivery (the `webhook` worker): signed per Standard Webhooks with the library the
 * spec's authors publish (`standardwebhooks`: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` over `<id>.<timestamp>.<body>`), through the outbound rules' fetch, with a
 * time-out. A 2xx answer delivers it; anything else is retried with exponential backoff (5 s,
 * 15 s, 45 s, … at most 6 hours apart) for 24 hours from the first attempt, waiting on the queue
 * (SQS delays at most 900 s: a longer wait is enqueued again when it falls due). Then it is
 * failed, and the first failure of a spell marks the webhook failing, mails its owner once and
 * tells the feed (`webhook.failing`). The change that caused it was answered long before.
 */
export const retryPolicy = () => ({
  baseSeconds: Number(process.env.WEBHOOK_RETRY_BASE_SECONDS ?? 5),
  windowSeconds: Number(process.env.WEBHOOK_RETRY_WINDOW_SECONDS ?? 86_400),
  maxGapSeconds: 6 * 3600,
  timeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS ?? 10_000),
});

/** Seconds before attempt `n + 1` after `n` failed ones: base × 3^(n−1), at most 6 hours. */
export const backoffSeconds = (failed: number, policy = retryPolicy()) => Math.min(policy.maxGapSeconds, policy.baseSeconds * 3 ** (failed - 1));

/** What the receiver read of the answer: kept short. */
const ERROR_MAX = 200;

/** The `webhook` worker's message (shared/workers.ts). */
export interface DeliveryMessage {
  workspace: string;
  webhook_id: string;
  delivery_id: string;
  due_at?: number;
  target?: DeliveryTarget;
}

/**
 * Where to send now: the message's target while the webhook's gate still has its rev (one read in
 * the webhook's own partition); else the webhook read again (paused, deleted or changed since the
 * message was made, or made before gates), undefined when it is gone or paused.
 */
async function currentTarget(workspace: WorkspacePk, message: DeliveryMessage): Promise<DeliveryTarget | undefined> {
  if (message.target && (await gateRev(message.webhook_id)) === message.target.rev) return message.target;
  const webhook = await getWebhook(workspace, message.webhook_id);
  if (!webhook?.active) return undefined;
  // rev '' (a webhook made before gates) never matches a gate: its retries read it again too.
  return { url: webhook.url, sealed_secret: webhook.sealed_secret, rev: webhook.rev ?? '', failing: Boolean(webhook.failing_since) };
}

export async function deliver(message: DeliveryMessage): Promise<void> {
  const workspace = message.workspace as WorkspacePk;
  // Not due yet: wait on the queue again (SQS's delay is at most 900 s).
  const wait = Math.ceil(((message.due_at ?? 0) - Date.now()) / 1000);
  if (wait > 0) {
    await enqueue('webhook', message, { delaySeconds: Math.min(wait, MAX_DELAY_SECONDS) });
    return;
  }
  const [target, delivery] = await Promise.all([currentTarget(workspace, message), getDelivery(message.webhook_id, message.delivery_id)]);
  // Deleted or paused meanwhile, or already settled (a duplicate message): nothing to send.
  if (!target || delivery.status !== 'pending') return;
  const policy = retryPolicy();
  const now = new Date();
  const outcome = await attempt(target, delivery, now, policy.timeoutMs);
  const firstAt = delivery.first_attempt_at ?? now.toISOString();
  const failedSoFar = delivery.attempts + 1;
  const nextAt = Date.now() + backoffSeconds(failedSoFar, policy) * 1000;
  const retry = !outcome.ok && nextAt <= Date.parse(firstAt) + policy.windowSeconds * 1000;
  await recordAttempt(delivery.webhook_id, delivery.id, {
    status: outcome.ok ? 'delivered' : retry ? 'pending' : 'failed',
    response_code: outcome.status,
    duration_ms: outcome.ms,
    error: outcome.error,
    first_attempt_at: firstAt,
    last_attempt_at: now.toISOString(),
    next_attempt_at: retry ? new Date(nextAt).toISOString() : null,
  });
  if (outcome.ok) {
    if (target.failing) await markHealthy(workspace, delivery.webhook_id);
    return;
  }
  if (retry) {
    // The next attempt carries the target as read now (a fresh rev when it was read again).
    const { target: _old, ...rest } = message;
    await enqueue(
      'webhook',
      { ...rest, ...(target.rev ? { target } : {}), due_at: nextAt },
      { delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((nextAt - Date.now()) / 1000))) },
    );
    return;
  }
  await failed(workspace, delivery.webhook_id, now.toISOString());
}

async function attempt(target: DeliveryTarget, delivery: DeliveryItem, now: Date, timeoutMs: number) {
  const secret = await open(target.sealed_secret, { workspace: delivery.workspace, item: delivery.webhook_id });
  const signature = new Signer(secret).sign(delivery.id, now, delivery.body);
  const started = performance.now();
  try {
    const response = await outboundFetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Construct-Webhooks/1.0',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is not needed: drop it so the connection is freed.
    await response.body?.cancel().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, ms, error: ok ? null : `The receiver answered ${response.status}.` };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    const reason = timedOut ? `No answer within ${Math.round(timeoutMs / 1000)} s.` : ((error as Error).message || 'The request failed.').slice(0, ERROR_MAX);
    return { ok: false, status: null, ms, error: reason };
  }
}

/** The first delivery of a failing spell to fail for good: mark the webhook, mail its owner once, tell the feed. */
async function failed(workspace: WorkspacePk, webhookId: string, at: string): Promise<void> {
  const webhook = await getWebhook(workspace, webhookId);
  if (!webhook || !(await markFailing(workspace, webhook.id, at))) return;
  const host = new URL(webhook.url).host;
  await emitEvent(workspace, { type: 'webhook.failing', actor: { name: 'Construct' }, webhook_id: webhook.id, detail: `deliveries to ${host} fail` });
  const owner = await getUser(webhook.created_by);
  if (!owner?.email) return;
  await sendMail(webhookFailingMail(owner.email, { url: webhook.url, site: `${process.env.MAIL_SITE_URL || process.env.SITE_URL || ''}/webhooks` })).catch(
    (error: unknown) => logger.error('Webhook failing mail not sent', { webhook: webhook.id, errorClass: (error as Error)?.name }),
  );
}
