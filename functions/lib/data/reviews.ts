import { randomBytes } from 'node:crypto';
import type { REVIEW_STATUSES } from '@shared/contract/reviews';
import { ConflictError, NotFoundError } from '../http/errors';
import { getItem, queryPages } from './db';
import { type PreloadInput, personalPk, type WorkspacePk } from './keys';
import { failing, type Part, transact } from './transactions';
import type { Author } from './workspace';

/**
 * Review requests (docs/data-model.md, "review"), the only writer of their items: in the
 * workspace's partition after `VERSION#` (`XREVIEW#<prompt id>#<id>`), ids by time, so a prompt's
 * reviews are one Query newest first. Every change is conditioned on the `updated_at` it read:
 * two approvals or a merge racing a new version never lose a write.
 *
 * While a review is open, its author and each reviewer have a notice of it in their own partition
 * (`XNOTICE#<review id>`, written in the same transaction as the review): the in-app notices read
 * those pointers with one Query (no scan) and the reviews they point at. A merge or close deletes
 * them; a notice left by a deleted prompt or workspace points at nothing and expires (TTL).
 */
export const REVIEW_SK = 'XREVIEW#';
export const REVIEW_NOT_FOUND = 'Review not found.';
const CHANGED = 'This review was changed by another request. Please reload it and try again.';

export const NOTICE_SK = 'XNOTICE#';
const NOTICE_KEEP_DAYS = 180;

export const reviewKeys = {
  item: (workspace: WorkspacePk, promptId: string, id: string) => ({ pk: workspace as string, sk: `${REVIEW_SK}${promptId}#${id}` }),
  notice: (userId: string, reviewId: string) => ({ pk: personalPk(userId) as string, sk: `${NOTICE_SK}${reviewId}` }),
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

/** A notice's pointer: where its review is. */
export interface ReviewNoticeItem {
  workspace_pk: WorkspacePk;
  prompt_id: string;
  review_id: string;
}

export const isOpenReview = (r: Pick<ReviewItem, 'status'>) => r.status === 'open' || r.status === 'approved' || r.status === 'changes_requested';
/** Who holds a notice of the review: its author and reviewers while it is open, nobody after. */
const noticed = (r: ReviewItem) => (isOpenReview(r) ? [...new Set([r.author.user_id, ...r.reviewers.map((p) => p.user_id)])] : []);

/** The notice writes that take `before` (undefined: a new review) to `after`. */
function noticeParts(workspace: WorkspacePk, before: ReviewItem | undefined, after: ReviewItem): Part[] {
  const had = new Set(before ? noticed(before) : []);
  const has = noticed(after);
  const expires_at = Math.floor(Date.parse(after.updated_at) / 1000) + NOTICE_KEEP_DAYS * 86_400;
  const pointer: ReviewNoticeItem = { workspace_pk: workspace, prompt_id: after.prompt_id, review_id: after.id };
  return [
    ...has
      .filter((u) => !had.has(u))
      .map((u): Part => ({ put: { Item: { ...reviewKeys.notice(u, after.id), type: 'review_notice', ...pointer, expires_at } } })),
    ...[...had].filter((u) => !has.includes(u)).map((u): Part => ({ delete: { Key: reviewKeys.notice(u, after.id) } })),
  ];
}

export const newReviewId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;

export function reviewFrom(item: Record<string, unknown> | undefined): ReviewItem {
  if (item?.type !== 'review') throw new NotFoundError(REVIEW_NOT_FOUND);
  return item as unknown as ReviewItem;
}

export async function putReview(workspace: WorkspacePk, review: ReviewItem): Promise<void> {
  await transact([
    {
      put: { Item: { ...reviewKeys.item(workspace, review.prompt_id, review.id), type: 'review', ...review }, ConditionExpression: 'attribute_not_exists(pk)' },
    },
    ...noticeParts(workspace, undefined, review),
  ]);
}

/** Replaces the review's changing fields, if nobody changed it since `read`. */
export async function saveReview(workspace: WorkspacePk, read: ReviewItem, next: ReviewItem): Promise<ReviewItem> {
  const fields = {
    version: next.version,
    status: next.status,
    reviewers: next.reviewers,
    note: next.note,
    approvals: next.approvals,
    changes_requested: next.changes_requested,
    updated_at: next.updated_at,
  };
  const names = Object.keys(fields) as (keyof typeof fields)[];
  await transact([
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
    ...noticeParts(workspace, read, next),
  ]);
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

/** Access pattern: the caller's notice of one review (where it is), and that review, read strongly. */
export async function getNoticedReview(userId: string, reviewId: string): Promise<{ workspace: WorkspacePk; review: ReviewItem }> {
  const pointer = (await getItem(reviewKeys.notice(userId, reviewId), { consistent: true })) as ReviewNoticeItem | undefined;
  if (!pointer) throw new NotFoundError(REVIEW_NOT_FOUND);
  const item = await getItem(reviewKeys.item(pointer.workspace_pk, pointer.prompt_id, pointer.review_id), { consistent: true });
  return { workspace: pointer.workspace_pk, review: reviewFrom(item) };
}

/** Access pattern: a person's notices (pointers to open reviews they wrote or were asked to review), newest review first. */
export async function listNotices(userId: string, limit = 100): Promise<ReviewNoticeItem[]> {
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': personalPk(userId), ':prefix': NOTICE_SK },
    ScanIndexForward: false,
    Limit: limit,
  }))
    return page as unknown as ReviewNoticeItem[];
  return [];
}
