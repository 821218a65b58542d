import { Copy, Plus, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import type { Webhook } from '@shared/contract/webhooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useCurrentTeam } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { copyToClipboard } from '@/lib/clipboard';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { useWebhooks } from '../api/webhooks';
import { WebhookDialog } from './webhook-dialog';
import { WebhookItem } from './webhook-item';
import './webhooks.css';

/**
 * The workspace's webhooks (docs/product.md, "Webhooks"), for its owners (a person owns their own
 * workspace): add one (its signing secret shown once, with Copy), edit, pause, delete, send a test,
 * and each one's deliveries with Redeliver.
 */
export function WebhooksSection() {
  const workspace = useCurrentWorkspaceId();
  const team = useCurrentTeam();
  const canManage = workspace === null || team?.role === 'owner';
  const webhooks = useWebhooks(canManage);
  const { toast } = useToast();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  if (!canManage) {
    return <p className="status-note">Owners of {team?.name ?? 'this team'} manage its webhooks.</p>;
  }
  return (
    <section className="webhooks" aria-labelledby="webhooks-title">
      <div className="webhooks__head">
        <h2 id="webhooks-title" className="webhooks__title">
          <WebhookIcon aria-hidden="true" /> Webhooks
        </h2>
        <Button icon={<Plus aria-hidden="true" />} onClick={() => setEditing('new')}>
          Add webhook
        </Button>
      </div>
      {secret ? (
        <Alert variant="success">
          <p>
            <strong>Copy the signing secret now: you won't see it again.</strong> Your receiver verifies each delivery with it.
          </p>
          <p className="webhooks__secret">
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the secret is found by this name (tests, and screen readers reading the alert). */}
            <code aria-label="Signing secret">{secret}</code>
            <Button
              size="sm"
              icon={<Copy aria-hidden="true" />}
              onClick={() =>
                void copyToClipboard(secret).then((copied) =>
                  toast(
                    copied
                      ? { variant: 'success', title: 'Copied to clipboard' }
                      : { variant: 'error', title: 'Could not copy: select the secret and copy it.' },
                  ),
                )
              }
            >
              Copy
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
              Done
            </Button>
          </p>
        </Alert>
      ) : null}
      {webhooks.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading webhooks...
        </p>
      ) : webhooks.isError ? (
        <Alert>{errorMessage(webhooks.error, 'Could not load the webhooks.')}</Alert>
      ) : webhooks.data.length === 0 ? (
        <p className="status-note">No webhooks yet. Add one to send this workspace's events to your own systems (JSON or Slack).</p>
      ) : (
        <ul className="webhooks__list" aria-label="Webhooks">
          {webhooks.data.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onEdit={setEditing} />
          ))}
        </ul>
      )}
      {editing ? (
        <WebhookDialog
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(made) => {
            setEditing(null);
            setSecret(made);
          }}
        />
      ) : null}
    </section>
  );
}
