import type { Review } from '@shared/contract/reviews';

type Diff = NonNullable<Review['diff']>;

/** How a review's status reads. */
export const STATUS_LABELS: Record<Review['status'], string> = {
  open: 'Open',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  merged: 'Merged',
  closed: 'Closed',
};

export const isOpen = (review: Review) => review.status === 'open' || review.status === 'approved' || review.status === 'changes_requested';

/** An approval of the version in the review now (one given to an older version is stale). */
export const approvedNow = (review: Review) => review.approvals.some((a) => !a.stale && a.version === review.version);

/** One line per variable change of the server's diff (shared/review-diff.ts). */
export function variableLine(change: Diff['variables'][number]): string {
  switch (change.change) {
    case 'added':
      return `${change.key} added${change.after ? `: ${change.after}` : ''}`;
    case 'removed':
      return `${change.key} removed${change.before ? `: ${change.before}` : ''}`;
    case 'retyped':
      return `${change.key} retyped from ${change.before} to ${change.after}`;
    case 'choices':
      return `${change.key} choices: ${change.before || 'none'} → ${change.after || 'none'}`;
    case 'default':
      return `${change.key} default: ${change.before || 'none'} → ${change.after || 'none'}`;
    default:
      return `${change.key} changed`;
  }
}

/** A setting's value as text: none, a number or word as is, anything else as JSON. */
export function settingValue(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** The two texts the server's line parts came from (the viewer folds and numbers them). */
export function textsOf(parts: Diff['text']): { before: string; after: string } {
  return {
    before: parts
      .filter((p) => !p.added)
      .map((p) => p.value)
      .join(''),
    after: parts
      .filter((p) => !p.removed)
      .map((p) => p.value)
      .join(''),
  };
}
