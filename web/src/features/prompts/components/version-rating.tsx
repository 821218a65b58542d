import { type Rated, ratingText } from '@/lib/rating-text';

/** A version's blind-vote score in History: win rate, rating with its 95% interval, and the votes it rests on. */
export function VersionRating({ rating }: { rating: Rated | undefined }) {
  if (!rating || rating.win_rate === null) return null;
  return <p className="version-list__source">{ratingText({ ...rating, win_rate: rating.win_rate })}</p>;
}
