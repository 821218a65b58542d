import { ChevronDown, ChevronUp, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Webhook } from '@shared/contract/webhooks';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteWebhook, useSendTest, useUpdateWebhook } from '../api/webhooks';
import { DeliveriesList } from './deliveries-list';

/** One webhook: where it sends, which events, paused or failing; Edit, Send test, Delete and its deliveries. */
export function WebhookItem({ webhook, onEdit }: { webhook: Webhook; onEdit: (webhook: Webhook) => void }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest();
  const { confirm } = useDialogs();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (fallback: string) => (failure: unknown) => setError(errorMessage(failure, fallback));
  const onDelete = async () => {
    const ok = await confirm(`Delete the webhook to ${webhook.url}? Nothing more is sent to it.`, {
      title: 'Delete webhook',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok)
      remove.mutate(webhook.id, { onSuccess: () => toast({ variant: 'success', title: 'Webhook deleted.' }), onError: fail('Could not delete the webhook.') });
  };
  return (
    <li className="webhooks__item" data-webhook-id={webhook.id}>
      <div className="webhooks__main">
        <h3 className="webhooks__url">
          <code>{webhook.url}</code>
        </h3>
        <p className="webhooks__meta">
          {webhook.description ? `${webhook.description} · ` : ''}
          {webhook.format === 'slack' ? 'Slack' : 'JSON'} · {webhook.events.join(', ')}
        </p>
        <p className="webhooks__badges">
          {webhook.active ? <Badge variant="success">Active</Badge> : <Badge>Paused</Badge>}
          {webhook.failing_since ? <Badge variant="danger">Failing since {new Date(webhook.failing_since).toLocaleString()}</Badge> : null}
        </p>
      </div>
      <div className="webhooks__actions">
        <Switch
          checked={webhook.active}
          disabled={update.isPending}
          label="Active"
          onCheckedChange={(active) => update.mutate({ id: webhook.id, active }, { onError: fail('Could not change the webhook.') })}
        />
        <Button
          size="sm"
          variant="secondary"
          icon={<Send aria-hidden="true" />}
          loading={test.isPending}
          onClick={() =>
            test.mutate(webhook.id, {
              onSuccess: () => {
                toast({ variant: 'success', title: 'Test delivery sent.' });
                setOpen(true);
              },
              onError: fail('Could not send the test.'),
            })
          }
        >
          Send test
        </Button>
        <Button size="sm" variant="ghost" icon={<Pencil aria-hidden="true" />} onClick={() => onEdit(webhook)}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" />} loading={remove.isPending} onClick={() => void onDelete()}>
          Delete
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          icon={open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          onClick={() => setOpen((o) => !o)}
        >
          Deliveries
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {open ? <DeliveriesList webhookId={webhook.id} /> : null}
    </li>
  );
}
