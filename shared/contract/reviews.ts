import * as z from 'zod/mini';
import { LabelName } from './versions';

/**
 * Review requests (issue 31): a version proposed for a label, approved by another member, merged
 * to move the label. A label whose protection says `require_review` moves only by merging one.
 */
export const REVIEW_STATUSES = ['open', 'approved', 'changes_requested', 'merged', 'closed'] as const;
export const REVIEW_NOTE_MAX = 2_000;
export const REVIEWERS_MAX = 10;

const Note = z.string().check(z.trim(), z.maxLength(REVIEW_NOTE_MAX, `note must be at most ${REVIEW_NOTE_MAX} characters.`));

/** POST /prompts/{id}/reviews. */
export const ReviewInput = z.strictObject({
  version: z.number('version must be a whole number.').check(z.int('version must be a whole number.'), z.positive('version must be 1 or more.')),
  label: LabelName,
  note: z.optional(Note),
  reviewers: z.optional(z.array(z.string()).check(z.maxLength(REVIEWERS_MAX, `reviewers names at most ${REVIEWERS_MAX} people.`))),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** POST …/request-changes. */
export const ChangesRequest = z.strictObject({
  note: Note.check(z.minLength(1, 'note says what to change.')),
});

const Person = z.object({ name: z.string() });
export const Review = z.object({
  id: z.string(),
  prompt_id: z.string(),
  version: z.number(),
  label: z.string(),
  status: z.enum(REVIEW_STATUSES),
  note: z.string(),
  author: Person,
  /** The caller asked for this review: another member approves it. */
  own: z.boolean(),
  reviewers: z.array(Person),
  approvals: z.array(z.object({ name: z.string(), version: z.number(), at: z.string(), stale: z.boolean() })),
  changes_requested: z.array(z.object({ name: z.string(), note: z.string(), at: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  /** Against the version the label points at now (none: the whole text is new). */
  diff: z.optional(
    z.object({
      base_version: z.nullable(z.number()),
      text: z.array(z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() })),
      variables: z.array(z.object({ key: z.string(), change: z.string(), before: z.optional(z.string()), after: z.optional(z.string()) })),
      settings: z.array(z.object({ setting: z.string(), before: z.unknown(), after: z.unknown() })),
      evaluation: z.nullable(z.object({ id: z.string(), status: z.string(), pass_rate: z.nullable(z.number()), stale: z.boolean() })),
    }),
  ),
});
export type Review = z.infer<typeof Review>;
export const ReviewList = z.object({ reviews: z.array(Review) });

/** Why a review is in a person's notices: they were asked to review it, or their own request was answered. */
export const NOTICE_REASONS = ['review_requested', 'approved', 'changes_requested'] as const;
/** GET /notices: one open review waiting on the caller, in any workspace they belong to. */
export const ReviewNotice = z.object({
  review_id: z.string(),
  prompt_id: z.string(),
  prompt_title: z.string(),
  /** The team whose workspace holds the review (null: the caller's own). */
  workspace: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** In another person's own workspace (a shared team's reviewer): open it by its id, GET /reviews/{review_id}. */
  review_only: z.boolean(),
  version: z.number(),
  label: z.string(),
  reason: z.enum(NOTICE_REASONS),
  /** Who asked (review_requested), or who answered. */
  by: Person,
  at: z.string(),
});
export type ReviewNotice = z.infer<typeof ReviewNotice>;
export const NoticeList = z.object({ notices: z.array(ReviewNotice) });
