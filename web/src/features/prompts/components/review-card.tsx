import { Check, GitMerge, MessageSquareWarning, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { Review } from '@shared/contract/reviews';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { type ReviewAction, useReviewAction } from '../api/reviews';
import { approvedNow, isOpen, STATUS_LABELS } from '../utils/review-text';
import { savedAtLabel } from '../utils/version-labels';
import { ReviewDiff } from './review-diff';

const DONE: Record<ReviewAction, string> = {
  approve: 'Approved.',
  'request-changes': 'Changes requested.',
  merge: 'Merged: the label moved.',
  close: 'Review closed.',
};

export interface ReviewCardProps {
  review: Review;
  /** A team's viewer reads reviews; every step is for those who edit. */
  readOnly: boolean;
  /** Reached by its id (/reviews/<id>): approve and request changes only; merge and close are the requester's. */
  byId?: boolean;
}

/**
 * One review request (docs/product.md, "Reviews"): its version and label, who asked and who was
 * asked, approvals (one given to an older version is stale), requested changes, the diff while it
 * is open, and its steps as the server allows them.
 */
export function ReviewCard({ review, readOnly, byId = false }: ReviewCardProps) {
  const act = useReviewAction(review.prompt_id, byId);
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const titleId = useId();
  const open = isOpen(review);
  const mergeable = approvedNow(review);
  const run = (action: ReviewAction, extra: { note?: string } = {}) => {
    setError(null);
    act.mutate(
      { reviewId: review.id, action, ...extra },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: DONE[action] });
          setAsking(false);
          setNote('');
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not do that.')),
      },
    );
  };
  const busy = (action: ReviewAction) => act.isPending && act.variables?.action === action;

  return (
    <article className="review" aria-labelledby={titleId} data-review-id={review.id}>
      <header className="review__head">
        <h3 id={titleId} className="review__title">
          Version {review.version} for {review.label}
        </h3>
        <Badge variant={review.status === 'merged' || review.status === 'approved' ? 'success' : review.status === 'changes_requested' ? 'danger' : 'neutral'}>
          {STATUS_LABELS[review.status]}
        </Badge>
      </header>
      <p className="review__meta">
        Asked by {review.author.name || 'a member'} on {savedAtLabel(review.created_at)}
        {review.reviewers.length ? ` · Reviewers: ${review.reviewers.map((r) => r.name).join(', ')}` : ''}
      </p>
      {review.note ? <p className="review__note">{review.note}</p> : null}
      {review.approvals.length || review.changes_requested.length ? (
        <ul className="review__changes" aria-label="Approvals and requested changes">
          {review.approvals.map((a) => (
            <li key={`approval-${a.name}-${a.at}`}>
              {a.name} approved version {a.version} {a.stale ? <Badge variant="danger">Stale: a newer version is in the review</Badge> : null}
            </li>
          ))}
          {review.changes_requested.map((c) => (
            <li key={`changes-${c.name}-${c.at}`}>
              {c.name} asked for changes: {c.note}
            </li>
          ))}
        </ul>
      ) : null}
      {review.diff ? <ReviewDiff review={review} diff={review.diff} /> : null}
      {open && !readOnly ? (
        <div className="review__actions">
          {/* The server's `own`: the caller asked for it (names can repeat). */}
          {review.own ? (
            <p className="status-note">Your own request: another member approves it.</p>
          ) : (
            <>
              <Button size="sm" icon={<Check aria-hidden="true" />} loading={busy('approve')} disabled={act.isPending} onClick={() => run('approve')}>
                Approve
              </Button>
              <Button size="sm" variant="secondary" icon={<MessageSquareWarning aria-hidden="true" />} disabled={act.isPending} onClick={() => setAsking(true)}>
                Request changes
              </Button>
            </>
          )}
          {byId ? (
            <p className="status-note">Its author merges it once approved.</p>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                icon={<GitMerge aria-hidden="true" />}
                loading={busy('merge')}
                disabled={act.isPending || !mergeable}
                title={mergeable ? undefined : `Needs an approval of version ${review.version} from another member`}
                onClick={() => run('merge')}
              >
                Merge
              </Button>
              <Button size="sm" variant="ghost" icon={<X aria-hidden="true" />} loading={busy('close')} disabled={act.isPending} onClick={() => run('close')}>
                Close
              </Button>
              {mergeable ? null : <p className="status-note">Merge needs an approval of version {review.version} from another member.</p>}
            </>
          )}
        </div>
      ) : null}
      {asking ? (
        <form
          className="review__form"
          aria-label="Request changes"
          onSubmit={(event) => {
            event.preventDefault();
            run('request-changes', { note: note.trim() });
          }}
        >
          <Field id={noteId} label="What should change?">
            <Textarea rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div className="review__actions">
            <Button type="submit" size="sm" loading={busy('request-changes')} disabled={!note.trim()}>
              Send request
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </article>
  );
}
