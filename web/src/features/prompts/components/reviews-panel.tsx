import type { Prompt } from '@shared/contract/prompts';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useReviews } from '../api/reviews';
import { RequestReviewForm } from './request-review-form';
import { ReviewCard } from './review-card';
import './reviews.css';

/**
 * A prompt's reviews (docs/product.md, "Reviews"): ask for one, and the last 20, newest first,
 * each with its diff while open and the steps the caller may take.
 */
export function ReviewsPanel({ prompt }: { prompt: Prompt }) {
  const reviews = useReviews(prompt.id);
  const readOnly = useReadOnlyReason();
  const { user } = useSession();
  return (
    <div className="reviews">
      {readOnly ? <p className="status-note">{readOnly}</p> : <RequestReviewForm prompt={prompt} myId={user?.id ?? ''} />}
      {reviews.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading reviews...
        </p>
      ) : reviews.isError ? (
        <Alert>{errorMessage(reviews.error, 'Could not load the reviews.')}</Alert>
      ) : reviews.data.length === 0 ? (
        <p className="status-note">No reviews yet. Ask for one before a version goes to production.</p>
      ) : (
        reviews.data.map((review) => <ReviewCard key={review.id} review={review} readOnly={readOnly !== null} />)
      )}
    </div>
  );
}
