import { useState } from 'react';
import { EVENT_TYPES } from '@shared/contract/activity';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_FORMATS, WEBHOOK_URL_MAX, type Webhook } from '@shared/contract/webhooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';

const FORMAT_NAMES: Record<(typeof WEBHOOK_FORMATS)[number], string> = { json: 'JSON (Standard Webhooks)', slack: 'Slack incoming webhook' };
const DEFAULT_EVENTS = ['prompt.version.created', 'prompt.label.moved', 'review.opened', 'review.merged'];

/**
 * 'Add webhook' or 'Edit webhook' (owners): the URL, a description, the events to send and the
 * format. A new webhook's signing secret comes back once: `onCreated` shows it.
 */
export function WebhookDialog({ webhook, onClose, onCreated }: { webhook: Webhook | null; onClose: () => void; onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? DEFAULT_EVENTS);
  const [format, setFormat] = useState<Webhook['format']>(webhook?.format ?? 'json');
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const toggle = (event: string) => setEvents((list) => (list.includes(event) ? list.filter((e) => e !== event) : [...list, event]));

  const submit = () => {
    setError(null);
    const input = { url: url.trim(), description: description.trim(), events: EVENT_TYPES.filter((e) => events.includes(e)), format };
    const fail = (failure: unknown) => setError(errorMessage(failure, 'Could not save the webhook.'));
    if (webhook) update.mutate({ id: webhook.id, ...input }, { onSuccess: onClose, onError: fail });
    else create.mutate(input, { onSuccess: (made) => onCreated(made.secret), onError: fail });
  };

  return (
    <ModalDialog
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      description="Each delivery is a POST signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)."
      busy={busy}
      onClose={onClose}
    >
      <form
        className="webhooks__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {error ? <Alert>{error}</Alert> : null}
        <Field label="URL" description="https and a public address (a local address only on your own machine).">
          <Input
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX}
            placeholder="https://example.com/hooks/construct"
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <Field label="Description (optional)">
          <Input maxLength={WEBHOOK_DESCRIPTION_MAX} autoComplete="off" value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field label="Format">
          <Select value={format} onChange={(e) => setFormat(e.target.value as Webhook['format'])}>
            {WEBHOOK_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_NAMES[f]}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="webhooks__events">
          <legend>Events</legend>
          {EVENT_TYPES.map((event) => (
            <Checkbox key={event} label={event} checked={events.includes(event)} onChange={() => toggle(event)} />
          ))}
        </fieldset>
        <div className="webhooks__actions">
          <Button variant="ghost" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!url.trim() || !events.length}>
            {webhook ? 'Save webhook' : 'Add webhook'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
