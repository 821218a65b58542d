import { worker } from '../lib/services/queue';
import { deliver } from '../lib/use-cases/webhook-delivery';

/** The webhook worker (use-cases/webhook-delivery.ts): one delivery's attempt, signed, with its retry planned. */
export const handler = worker('webhook', async (body) => {
  await deliver(body);
});
