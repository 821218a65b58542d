import { WebhookUpdate } from '@shared/contract/webhooks';
import { api, ok } from '../lib/http/http';
import { changeWebhook } from '../lib/use-cases/webhooks';

/** PUT /webhooks/{id}: its URL (checked as on create), events, format, description, or `active`. */
export const handler = api('PUT /webhooks/{id}', { body: WebhookUpdate }, async ({ workspace, params, body }) =>
  ok(await changeWebhook(workspace.pk, params.id, body)),
);
