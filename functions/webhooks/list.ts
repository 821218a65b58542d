import { listWebhooks, toWebhook } from '../lib/data/webhooks';
import { api, ok } from '../lib/http/http';

/** GET /webhooks: the workspace's webhooks, oldest first (owners; never a secret). */
export const handler = api('GET /webhooks', {}, async ({ workspace }) => ok({ webhooks: (await listWebhooks(workspace.pk)).map(toWebhook) }));
