import { useId } from 'react';
import { useRatings } from '@/lib/api/get-ratings';
import { ratingText } from '@/lib/rating-text';
import './model-ratings.css';

/**
 * The blind-vote score of each model a prompt's compare columns ran on (a column on no connection
 * ran on Construct's model), beside each version's in History and on Stats: nothing until a vote
 * sets two models against each other.
 */
export function ModelRatings({ promptId }: { promptId: string }) {
  const titleId = useId();
  const models = (useRatings(promptId).data?.models ?? []).flatMap((m) => (m.win_rate === null ? [] : [{ ...m, win_rate: m.win_rate }]));
  if (!models.length) return null;
  return (
    <section className="model-ratings" aria-labelledby={titleId}>
      <h3 id={titleId} className="model-ratings__title">
        Blind votes by model
      </h3>
      <ul className="model-ratings__list">
        {models.map((m) => (
          <li key={m.model}>
            <strong>{m.model}</strong>
            {`: ${ratingText(m)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
