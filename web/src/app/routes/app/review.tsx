import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useReviewById } from '@/features/prompts/api/reviews';
import { ReviewCard } from '@/features/prompts/components/review-card';
import { errorMessage } from '@/lib/api-client';

/**
 * /reviews/<id>: one review by its id (docs/product.md, "Reviews"): how a reviewer from a shared
 * team opens a review of a prompt in another person's own workspace, from the mail or the header's
 * notices: the diff, Approve and Request changes; the author merges.
 */
export function Component() {
  const { id = '' } = useParams();
  const review = useReviewById(id);
  return (
    <ContentLayout
      title={review.data ? `Review of version ${review.data.version} for ${review.data.label}` : 'Review'}
      description="A review you were asked for, with what changes: approve it or ask for changes."
    >
      {review.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading the review...
        </p>
      ) : review.isError ? (
        <Alert>{errorMessage(review.error, 'Could not load the review: it may be merged or closed, or no longer yours to see.')}</Alert>
      ) : (
        <div className="reviews">
          <ReviewCard review={review.data} readOnly={false} byId />
        </div>
      )}
    </ContentLayout>
  );
}
