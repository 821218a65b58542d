import { type LibrarySort, TEASER_LENGTH } from '@shared/contract/library';
import type { Tier } from '@shared/tiers';
import { TIER_LABELS } from '@/lib/tiers';

/** docs/product.md, Library: cards show up to 2 task and 2 industry tags. */
export const CARD_TAGS_MAX = 2;

/**
 * docs/product.md, Library: the first 80 characters of a body, on one line. A locked prompt's body already
 * is the server's 80-character teaser.
 */
export function preview(body: string, { locked = false, length = TEASER_LENGTH }: { locked?: boolean; length?: number } = {}): string {
  const text = readable(body);
  if (locked || text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}

/**
 * A body as running text for a short preview: Markdown heading lines ('## Role') and emphasis
 * markers dropped, whitespace collapsed. The full body is untouched everywhere else.
 */
export function readable(body: string): string {
  return body
    .split('\n')
    .filter((line) => !/^\s*#{1,6}\s/.test(line))
    .join(' ')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const tierName = (tier: Tier) => TIER_LABELS[tier];

/** The library's orders, as the sort menu names them. */
export const SORT_LABELS: Record<LibrarySort, string> = {
  relevance: 'Relevance',
  popular: 'Most popular',
  rating: 'Top rated',
  newest: 'Newest',
  title: 'A–Z',
};

/** How many people rated a prompt. */
export const ratingsLabel = (count: number) => (count === 1 ? '1 rating' : `${count.toLocaleString('en-US')} ratings`);

/** How often a prompt (or a copy of it) was run. */
export const runsLabel = (runs: number) => (runs === 1 ? 'Run 1 time' : `Run ${runs.toLocaleString('en-US')} times`);

/** How often a prompt was saved to My Prompts. */
export const forksLabel = (forks: number) => (forks === 1 ? 'Saved 1 time' : `Saved ${forks.toLocaleString('en-US')} times`);

/** The confirmation before a second copy of a prompt already in My Prompts. */
export const saveAgainQuestion = (title: string) => `"${title}" is already in My Prompts. Save another copy?`;

/** The library's messages (docs/product.md, Library). */
export const messages = {
  loadError: 'Could not load the Prompt Library. Please try again later.',
  forkFailed: 'Could not fork this prompt.',
  forkSucceeded: (title: string) => `Successfully copied "${title}" to your personal workspace!`,
  forkError: (detail: string) => `Error: ${detail}`,
  noTasks: 'No tasks available for current filters.',
  searchPlaceholder: 'Search by title, task, industry...',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} results`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  rateLoading: 'Loading your rating...',
  rateAfterRun: 'Run this prompt (or your copy of it) to rate it: ratings come from people who used it.',
  rateHint: 'Rate it from 1 to 5 stars.',
  rateOlder: 'Your rating is for an earlier version of this prompt: choose again to rate this one.',
  rated: (stars: number) => `You rated it ${stars} of 5. You can change it.`,
  rateFailed: 'Could not save your rating.',
} as const;
