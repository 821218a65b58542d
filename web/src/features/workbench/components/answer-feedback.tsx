import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useGiveFeedback } from '../api/give-feedback';

/**
 * Thumbs up or down on a Run answer, with an optional note (docs/product.md, Compare and
 * scoreboard): counted on the thumbs of the version that ran (POST /prompts/{id}/feedback). Once
 * sent it says so and is not offered again for this answer. A team's viewer is not offered it.
 */
export function AnswerFeedback({ promptId, version }: { promptId: string; version: number }) {
  const give = useGiveFeedback(promptId);
  const [rating, setRating] = useState<'up' | 'down' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const readOnly = useReadOnlyReason() !== null;
  if (readOnly) return null;
  if (give.isSuccess)
    return (
      <p role="status" className="wb-keep__note">
        {`Thanks: your ${give.data.rating === 'up' ? 'thumbs up' : 'thumbs down'} counts for version ${give.data.version}.`}
      </p>
    );
  const send = () => {
    if (!rating) return;
    setError(null);
    give.mutate(
      { version, rating, ...(note.trim() ? { note: note.trim() } : {}) },
      { onError: (failure) => setError(errorMessage(failure, 'Could not send the feedback.')) },
    );
  };
  return (
    <fieldset className="wb-keep" disabled={give.isPending}>
      <legend className="wb-keep__legend">Rate this answer</legend>
      <Button variant="ghost" size="sm" icon={<ThumbsUp aria-hidden="true" />} aria-pressed={rating === 'up'} onClick={() => setRating('up')}>
        Thumbs up
      </Button>
      <Button variant="ghost" size="sm" icon={<ThumbsDown aria-hidden="true" />} aria-pressed={rating === 'down'} onClick={() => setRating('down')}>
        Thumbs down
      </Button>
      {rating ? (
        <>
          <Input
            className="wb-feedback__note"
            aria-label="Note (optional)"
            placeholder="Note (optional)"
            maxLength={2_000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button size="sm" variant="secondary" loading={give.isPending} onClick={send}>
            Send feedback
          </Button>
        </>
      ) : null}
      <span role="status" className="wb-keep__error">
        {error}
      </span>
    </fieldset>
  );
}
