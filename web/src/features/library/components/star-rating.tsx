import { Star } from 'lucide-react';
import { useId } from 'react';
import { cx } from '@/components/ui/cx';
import { errorMessage } from '@/lib/api-client';
import { useLibraryRating, useRateLibraryPrompt } from '../api/library-rating';
import { messages } from '../utils/format';
import './rating.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The user's own rating of a library prompt: five radio buttons in a fieldset (arrow keys move
 * between them, as in any radio group), saved on choosing; never disabled while a save runs, or
 * the focus and the next arrow key would be lost (the saves run in order: the last choice is kept). Held, with the reason, until they ran
 * the prompt or their copy of it; a refusal shows the server's detail.
 */
export function StarRating({ promptId }: { promptId: string }) {
  const state = useLibraryRating(promptId, true);
  const rate = useRateLibraryPrompt(promptId);
  const name = useId();
  const noteId = useId();
  const chosen = rate.isPending ? rate.variables : (state.data?.stars ?? null);
  const canRate = state.data?.can_rate ?? false;
  const note = rate.isError
    ? errorMessage(rate.error, messages.rateFailed)
    : !state.data
      ? messages.rateLoading
      : !canRate
        ? messages.rateAfterRun
        : state.data.older_version
          ? messages.rateOlder
          : chosen
            ? messages.rated(chosen)
            : messages.rateHint;

  return (
    <fieldset className="star-rating" aria-describedby={noteId}>
      <legend className="star-rating__legend">Your rating</legend>
      <div className="star-rating__stars">
        {STARS.map((n) => (
          <label key={n} className={cx('star-rating__star', n <= (chosen ?? 0) && 'star-rating__star--on')}>
            <input type="radio" name={name} value={n} className="visually-hidden" checked={chosen === n} disabled={!canRate} onChange={() => rate.mutate(n)} />
            <Star aria-hidden="true" />
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      <p id={noteId} className="star-rating__note" role={rate.isError ? 'alert' : undefined}>
        {note}
      </p>
    </fieldset>
  );
}
