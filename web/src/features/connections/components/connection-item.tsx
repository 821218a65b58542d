import { PlugZap, Trash2 } from 'lucide-react';
import { type Connection, PROVIDER_NAMES } from '@shared/contract/connections';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { errorMessage } from '@/lib/api-client';
import { useTestConnection } from '../api/test-connection';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** How many of the provider's models a test result lists on screen. */
const SHOWN_MODELS = 12;

/**
 * One connection: its provider, where it points, the key's hint and the models it offers; an
 * owner tests it (the provider's answer, and the models it lists) and deletes it.
 */
export function ConnectionItem({ connection, canManage, onDelete }: { connection: Connection; canManage: boolean; onDelete: () => void }) {
  const test = useTestConnection();
  const result = test.data;
  const testError = test.isError ? errorMessage(test.error, 'Could not test the connection.') : null;

  return (
    <li className="connections__item">
      <div className="connections__main">
        <h3 className="connections__name">
          {connection.name} <Badge>{PROVIDER_NAMES[connection.provider]}</Badge>
        </h3>
        <p className="connections__meta">
          {connection.base_url ? <code>{connection.base_url}</code> : `${PROVIDER_NAMES[connection.provider]}'s API`} ·{' '}
          {connection.key_hint ? (
            <span>
              key ending <code>{connection.key_hint}</code>
            </span>
          ) : (
            'key hidden'
          )}{' '}
          · added {formatDate(connection.created_at)}
        </p>
        <p className="connections__meta">
          {connection.models.length ? `Models: ${connection.models.join(', ')}` : 'No models listed: name one in the prompt’s settings.'}
        </p>
        {result ? (
          <p className={result.ok ? 'connections__result connections__result--ok' : 'connections__result'} role="status">
            {result.ok
              ? `It works: the provider offers ${result.models?.length ?? 0} ${result.models?.length === 1 ? 'model' : 'models'}${result.models?.length ? ` (${result.models.slice(0, SHOWN_MODELS).join(', ')}${result.models.length > SHOWN_MODELS ? ', …' : ''})` : ''}.`
              : result.detail}
          </p>
        ) : null}
        {testError ? (
          <p className="connections__result" role="status">
            {testError}
          </p>
        ) : null}
      </div>
      {canManage ? (
        <div className="connections__tools">
          <Button variant="secondary" size="sm" icon={<PlugZap aria-hidden="true" />} loading={test.isPending} onClick={() => test.mutate(connection.id)}>
            Test
          </Button>
          <IconButton label={`Delete ${connection.name}`} title="Delete" variant="danger" icon={<Trash2 />} onClick={onDelete} />
        </div>
      ) : null}
    </li>
  );
}
