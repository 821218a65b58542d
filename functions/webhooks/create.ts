import { WebhookInput } from '@shared/contract/webhooks';
import { api, created } from '../lib/http/http';
import { addWebhook } from '../lib/use-cases/webhooks';

/** POST /webhooks: a webhook of the workspace (owners); its signing secret is in this answer only. */
export const handler = api('POST /webhooks', { body: WebhookInput }, async ({ user, body, workspace }) =>
  created(await addWebhook(workspace.pk, body, user.id)),
);
