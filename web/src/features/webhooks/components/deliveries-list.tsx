import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeliveries, useRedeliver } from '../api/webhooks';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const STATUS = { pending: 'neutral', delivered: 'success', failed: 'danger' } as const;

/** A webhook's deliveries, newest first: status, attempts, the last response code and duration; Redeliver. */
export function DeliveriesList({ webhookId }: { webhookId: string }) {
  const deliveries = useDeliveries(webhookId);
  const redeliver = useRedeliver();
  const [error, setError] = useState<string | null>(null);
  if (deliveries.isPending) {
    return (
      <p className="status-note" role="status">
        <Spinner size="sm" /> Loading deliveries...
      </p>
    );
  }
  if (deliveries.isError) return <Alert>{errorMessage(deliveries.error, 'Could not load the deliveries.')}</Alert>;
  if (!deliveries.data.length) return <p className="status-note">No deliveries yet: Send test sends one now.</p>;
  return (
    <div className="webhooks__deliveries">
      <div className="webhooks__table-scroll">
        <table className="webhooks__table">
          <caption className="visually-hidden">Deliveries</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Response</th>
              <th scope="col">Duration</th>
              <th scope="col">Sent</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((d) => (
              <tr key={d.id} data-delivery-id={d.id}>
                <td>{d.event_type}</td>
                <td>
                  <Badge variant={STATUS[d.status]}>{d.status}</Badge>
                  {d.error ? <span className="webhooks__error">{d.error}</span> : null}
                </td>
                <td>{d.attempts}</td>
                <td>{d.response_code ?? '—'}</td>
                <td>{d.duration_ms === null ? '—' : `${d.duration_ms} ms`}</td>
                <td>{when(d.last_attempt_at ?? d.created_at)}</td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<RotateCcw aria-hidden="true" />}
                    loading={redeliver.isPending && redeliver.variables?.delivery === d.id}
                    onClick={() =>
                      redeliver.mutate(
                        { id: webhookId, delivery: d.id },
                        { onSuccess: () => void deliveries.refetch(), onError: (e) => setError(errorMessage(e, 'Could not redeliver.')) },
                      )
                    }
                  >
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {deliveries.hasNextPage ? (
        <Button size="sm" variant="secondary" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
