import type * as z from 'zod/mini';
import type { Ratings } from '@shared/contract/compare';

/** A version's or a model's blind-vote score (GET /prompts/{id}/votes). */
export type Rated = Omit<z.infer<typeof Ratings>['versions'][number], 'version'>;

const votes = (r: Rated) => r.wins + r.losses + r.ties;

/** "Win rate 60% · rating 1,540 (95% interval 1,400–1,680) · 5 votes", as History and Stats say it. */
export function ratingText(rating: Rated & { win_rate: number }): string {
  const [low, high] = rating.interval.map((n) => Math.round(n).toLocaleString());
  const n = votes(rating);
  return `Win rate ${Math.round(rating.win_rate * 100)}% · rating ${Math.round(rating.rating).toLocaleString()} (95% interval ${low}–${high}) · ${n} ${n === 1 ? 'vote' : 'votes'}`;
}
