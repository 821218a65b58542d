import type * as z from 'zod/mini';
import type { Ratings } from '@shared/contract/compare';

type Rated = z.infer<typeof Ratings>['versions'][number];

const votes = (r: Rated) => r.wins + r.losses + r.ties;

/** A version's blind-vote score in History: win rate, rating with its 95% interval, and the votes it rests on. */
export function VersionRating({ rating }: { rating: Rated | undefined }) {
  if (!rating || rating.win_rate === null) return null;
  const [low, high] = rating.interval.map((n) => Math.round(n).toLocaleString());
  return (
    <p className="version-list__source">
      {`Win rate ${Math.round(rating.win_rate * 100)}% · rating ${Math.round(rating.rating).toLocaleString()} (95% interval ${low}–${high}) · ${votes(rating)} ${votes(rating) === 1 ? 'vote' : 'votes'}`}
    </p>
  );
}
