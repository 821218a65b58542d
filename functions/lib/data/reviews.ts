import { randomBytes } from 'node:crypto';
import type { REVIEW_STATUSES } from '@shared/contract/reviews';
import { ConflictError, NotFoundError } from '../http/errors';
import { queryPages } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { failing, write } from './transactions';
import type { Author } from './workspace';

/**
 * Review requests (docs/data-model.md, "review"), the only writer of their items: in the
 * workspace's partition after `VERSION#` (`XREVIEW#<prompt id>#<id>`), ids by time, so a prompt's
 * reviews are one Query newest first. Every change is conditioned on the `updated_at` it read:
 * two approvals or a merge racing a new version never lose a write.
 */
export const REVIEW_SK = 'XREVIEW#';
export const REVIEW_NOT_FOUND = 'Review not found.';
const CHANGED = 'This review was changed by another request. Please reload it and try again.';

export const reviewKeys = {
  item: (workspace: WorkspacePk, promptId: string, id: string) => ({ pk: workspace as string, sk: `${REVIEW_SK}${promptId}#${id}` }),
};
export const reviewPreload = {
  review: ({ params, workspace }: PreloadInput<'id' | 'review_id'>) => reviewKeys.item(workspace, params.id, params.review_id),
};

export interface ReviewItem {
  id: string;
  prompt_id: string;
  version: number;
  label: string;
  status: (typeof REVIEW_STATUSES)[number];
  note: string;
  author: Author;
  reviewers: Author[];
  approvals: (Author & { version: number; at: string })[];
  changes_requested: (Author & { note: string; at: string })[];
  created_at: string;
  updated_at: string;
}

export const newReviewId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;

export function reviewFrom(item: Record<string, unknown> | undefined): ReviewItem {
  if (item?.type !== 'review') throw new NotFoundError(REVIEW_NOT_FOUND);
  return item as unknown as ReviewItem;
}

export async function putReview(workspace: WorkspacePk, review: ReviewItem): Promise<void> {
  await write({
    put: { Item: { ...reviewKeys.item(workspace, review.prompt_id, review.id), type: 'review', ...review }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
}

/** Replaces the review's changing fields, if nobody changed it since `read`. */
export async function saveReview(workspace: WorkspacePk, read: ReviewItem, next: ReviewItem): Promise<ReviewItem> {
  const fields = {
    version: next.version,
    status: next.status,
    note: next.note,
    approvals: next.approvals,
    changes_requested: next.changes_requested,
    updated_at: next.updated_at,
  };
  const names = Object.keys(fields) as (keyof typeof fields)[];
  await write(
    failing(
      {
        update: {
          Key: reviewKeys.item(workspace, read.prompt_id, read.id),
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND updated_at = :read',
          ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
          ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])), ':read': read.updated_at },
        },
      },
      () => new ConflictError(CHANGED),
    ),
  );
  return next;
}

/** Access pattern: a prompt's reviews, newest first (the last 20). */
export async function listReviews(workspace: WorkspacePk, promptId: string, limit = 20): Promise<ReviewItem[]> {
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': `${REVIEW_SK}${promptId}#` },
    ScanIndexForward: false,
    ConsistentRead: true,
    Limit: limit,
  }))
    return page as unknown as ReviewItem[];
  return [];
}
