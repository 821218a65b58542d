import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/** A stats answer on its way or refused: the note or the alert a stats page shows in its place (null once it is there). */
export function QueryState({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  if (query.isPending)
    return (
      <p className="status-note" role="status">
        <Spinner size="sm" /> Loading the stats...
      </p>
    );
  if (query.isError) return <Alert>{errorMessage(query.error, 'Could not load the stats.')}</Alert>;
  return null;
}
