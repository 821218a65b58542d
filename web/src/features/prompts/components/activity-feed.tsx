import { Activity } from 'lucide-react';
import { describeEvent } from '@shared/activity';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useActivity } from '../api/get-activity';
import { savedAtLabel } from '../utils/version-labels';
import './activity.css';

/**
 * An activity feed (docs/product.md, "Activity"): who did what when, newest first, people by name
 * only; the workspace's (no prompt) or one prompt's. Each line is the shared describeEvent's, as
 * notices and Slack messages say it.
 */
export function ActivityFeed({ promptId = null, label }: { promptId?: string | null; label: string }) {
  const feed = useActivity(promptId);
  if (feed.isPending) {
    return (
      <p className="status-note" role="status">
        <Spinner size="sm" /> Loading activity...
      </p>
    );
  }
  if (feed.isError) return <Alert>{errorMessage(feed.error, 'Could not load the activity.')}</Alert>;
  const events = feed.data;
  if (!events.length) {
    return (
      <p className="status-note">
        {promptId
          ? 'No activity on this prompt yet: saves, label moves and reviews show here.'
          : 'No activity yet: saves, label moves, reviews and evaluations in this workspace show here.'}
      </p>
    );
  }
  return (
    <div className="activity">
      <ol className="activity__list" aria-label={label}>
        {events.map((event) => (
          <li key={event.id} className="activity__item" data-type={event.type}>
            <Activity aria-hidden="true" className="activity__icon" />
            <span className="activity__text">{describeEvent(event)}</span>
            <time className="activity__time" dateTime={event.at}>
              {savedAtLabel(event.at)}
            </time>
          </li>
        ))}
      </ol>
      {feed.hasNextPage ? (
        <Button size="sm" variant="secondary" className="activity__more" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
