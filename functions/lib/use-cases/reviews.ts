import { diffLines } from 'diff';
import { REVIEWERS_MAX, type Review, type ReviewInput } from '@shared/contract/reviews';
import { settingsDiff, variableContractDiff } from '@shared/review-diff';
import { listEvaluations } from '../data/evaluations';
import type { PromptItem } from '../data/prompt';
import { isOpenReview, listReviews, newReviewId, putReview, type ReviewItem, saveReview } from '../data/reviews';
import { memberOf, membershipsOf } from '../data/team';
import { getUser } from '../data/users';
import { getVersionItem } from '../data/versions';
import { authorOf, type WorkspaceRef } from '../data/workspace';
import { BadRequestError, ConflictError, ForbiddenError } from '../http/errors';
import { logger } from '../http/log';
import { sendMail } from '../services/mail';
import { reviewRequestedMail } from '../services/mail-messages';
import { evaluationView } from './evaluations';
import { type EventInput, emitEvent } from './events';
import { moveLabel } from './labels';

/**
 * Review requests (issue 31): a version proposed for a label; another member (an editor or an
 * owner: viewers are refused by the route table) approves it or asks for changes; a merge moves the
 * label through moveLabel, which checks the label's other gates. An approval counts only for the
 * version it was given to: a newer version in the request makes it stale. One open review per
 * prompt and label: asking again moves it to the new version.
 */
export const OWN_APPROVAL = 'You cannot approve or ask for changes on your own review request: another member must.';
export const NOT_OPEN = 'This review is closed or merged: open a new one.';
export const NEEDS_APPROVAL = (version: number) => `This review needs an approval of version ${version} from another member before it can be merged.`;
const isOpen = isOpenReview;

/** Where a review is and who acts on it: a workspace resolved for the caller, or (GET /reviews/{review_id}) the review's own for a reviewer from a shared team. */
export type ReviewPlace = Pick<WorkspaceRef, 'pk' | 'author' | 'team'>;

export async function openReview(workspace: WorkspaceRef, prompt: PromptItem, input: ReviewInput, headers: Record<string, string | undefined>) {
  const latest = prompt.version ?? 1;
  if (input.version > latest) throw new BadRequestError(`Version ${input.version} does not exist: this prompt's latest is version ${latest}.`);
  const reviewers = await reviewersOf(workspace, input.reviewers ?? []);
  const now = new Date().toISOString();
  const open = (await listReviews(workspace.pk, prompt.id)).find((r) => r.label === input.label && isOpen(r));
  let review: ReviewItem;
  if (open) {
    // A newer version in the request: its approvals stay, but no longer count (stale).
    // Reviewers named now join those asked before.
    const joined = [...open.reviewers, ...reviewers.filter((r) => !open.reviewers.some((o) => o.user_id === r.user_id))];
    if (joined.length > REVIEWERS_MAX) throw new BadRequestError(`reviewers names at most ${REVIEWERS_MAX} people.`);
    review = await saveReview(workspace.pk, open, {
      ...open,
      version: input.version,
      note: input.note ?? open.note,
      reviewers: joined,
      status: 'open',
      updated_at: now,
    });
  } else {
    review = {
      id: newReviewId(),
      prompt_id: prompt.id,
      version: input.version,
      label: input.label,
      status: 'open',
      note: input.note ?? '',
      author: workspace.author,
      reviewers,
      approvals: [],
      changes_requested: [],
      created_at: now,
      updated_at: now,
    };
    await putReview(workspace.pk, review);
  }
  await tellReview(workspace, prompt, review, 'review.opened');
  await tellReviewers(review, prompt, workspace, headers);
  return { created: !open, review };
}

export const NOT_TEAM_REVIEWER = 'reviewers must be editors or owners of this team.';
export const NO_SHARED_TEAM = 'reviewers of a prompt in your own workspace must edit (or own) a team you are in.';

/**
 * Reviewers are people who may approve, never the author: in a team, its editors and owners; in a
 * person's own workspace, editors or owners of a team the person is in (they then read that review,
 * and only it, through GET /reviews/{review_id}).
 */
async function reviewersOf(workspace: WorkspaceRef, ids: string[]) {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  if (unique.includes(workspace.author.user_id)) throw new BadRequestError('You cannot review your own request: name another member.');
  const team = workspace.team;
  return Promise.all(
    unique.map(async (id) => {
      const allowed = team
        ? ((await memberOf(team.id, id, 'x').catch(() => undefined))?.role ?? 'viewer') !== 'viewer'
        : await sharesTeam(workspace.author.user_id, id);
      const user = allowed ? await getUser(id) : undefined;
      if (!user) throw new BadRequestError(team ? NOT_TEAM_REVIEWER : NO_SHARED_TEAM);
      return authorOf(user);
    }),
  );
}

/** Whether `reviewerId` edits or owns a team `authorId` is in (their TEAMOF# twins, strong). */
export async function sharesTeam(authorId: string, reviewerId: string): Promise<boolean> {
  const [mine, theirs] = await Promise.all([membershipsOf(authorId), membershipsOf(reviewerId)]);
  const editing = new Set(theirs.filter((m) => m.role !== 'viewer').map((m) => m.team_id));
  return mine.some((m) => editing.has(m.team_id));
}

async function tellReviewers(review: ReviewItem, prompt: PromptItem, workspace: WorkspaceRef, headers: Record<string, string | undefined>) {
  const { siteUrl } = await import('../http/site');
  // In a team its members open the prompt's reviews; in a person's own workspace a reviewer opens only the review.
  const url = workspace.team ? `${siteUrl(headers)}/prompts?workspace=${workspace.team.id}&reviews=${prompt.id}` : `${siteUrl(headers)}/reviews/${review.id}`;
  await Promise.all(
    review.reviewers.map(async (r) => {
      const user = await getUser(r.user_id);
      if (!user?.email) return;
      await sendMail(reviewRequestedMail(user.email, { by: review.author.name, title: prompt.title, version: review.version, label: review.label, url })).catch(
        (error: unknown) => logger.error('Review mail not sent', { review: review.id, errorClass: (error as Error)?.name }),
      );
    }),
  );
}

function refuseOwn(workspace: ReviewPlace, review: ReviewItem) {
  if (!isOpen(review)) throw new ConflictError(NOT_OPEN);
  if (review.author.user_id === workspace.author.user_id) throw new ForbiddenError(OWN_APPROVAL);
}

export async function approveReview(workspace: ReviewPlace, prompt: PromptItem, review: ReviewItem) {
  refuseOwn(workspace, review);
  const at = new Date().toISOString();
  const approvals = [...review.approvals.filter((a) => a.user_id !== workspace.author.user_id), { ...workspace.author, version: review.version, at }];
  const next = await saveReview(workspace.pk, review, { ...review, approvals, status: 'approved', updated_at: at });
  await tellReview(workspace, prompt, review, 'review.approved');
  return next;
}

export async function requestChanges(workspace: ReviewPlace, prompt: PromptItem, review: ReviewItem, note: string) {
  refuseOwn(workspace, review);
  const at = new Date().toISOString();
  const next = await saveReview(workspace.pk, review, {
    ...review,
    status: 'changes_requested',
    changes_requested: [...review.changes_requested, { ...workspace.author, note, at }].slice(-20),
    updated_at: at,
  });
  await tellReview(workspace, prompt, review, 'review.changes_requested');
  return next;
}

/** Moves the label to the reviewed version: an approval of that exact version, then the label's gates (moveLabel). */
export async function mergeReview(workspace: WorkspaceRef, prompt: PromptItem, review: ReviewItem) {
  if (!isOpen(review)) throw new ConflictError(NOT_OPEN);
  if (!approvedNow(review)) throw new ConflictError(NEEDS_APPROVAL(review.version));
  await moveLabel({ workspace, prompt, label: review.label, version: review.version, reviewed: true });
  const next = await saveReview(workspace.pk, review, { ...review, status: 'merged', updated_at: new Date().toISOString() });
  await tellReview(workspace, prompt, review, 'review.merged');
  return next;
}

export async function closeReview(workspace: WorkspaceRef, prompt: PromptItem, review: ReviewItem) {
  if (!isOpen(review)) throw new ConflictError(NOT_OPEN);
  const next = await saveReview(workspace.pk, review, { ...review, status: 'closed', updated_at: new Date().toISOString() });
  await tellReview(workspace, prompt, review, 'review.closed');
  return next;
}

const approvedNow = (review: ReviewItem) => review.approvals.some((a) => a.version === review.version && a.user_id !== review.author.user_id);

/** The answer: names only; open reviews carry their diff against the label's version now. */
export async function reviewView(workspace: ReviewPlace, prompt: PromptItem, review: ReviewItem, withDiff = isOpen(review)): Promise<Review> {
  const view: Review = {
    id: review.id,
    prompt_id: review.prompt_id,
    version: review.version,
    label: review.label,
    status: review.status,
    note: review.note,
    author: { name: review.author.name },
    own: review.author.user_id === workspace.author.user_id,
    reviewers: review.reviewers.map((r) => ({ name: r.name })),
    approvals: review.approvals.map((a) => ({ name: a.name, version: a.version, at: a.at, stale: a.version !== review.version })),
    changes_requested: review.changes_requested.map((c) => ({ name: c.name, note: c.note, at: c.at })),
    created_at: review.created_at,
    updated_at: review.updated_at,
  };
  if (!withDiff) return view;
  const base = prompt.labels?.[review.label] ?? null;
  const [after, before, evaluations] = await Promise.all([
    contentAt(workspace, prompt, review.version),
    base === null ? null : contentAt(workspace, prompt, base),
    listEvaluations(workspace.pk, prompt.id),
  ]);
  const latest = evaluations.find((e) => e.versions.some((v, i) => v === review.version && !e.columns[i]?.model));
  const shown = latest && evaluationView(latest, prompt.suite_rev ?? 0);
  const column = shown?.columns.find((c, i) => latest!.versions[i] === review.version && !c.model);
  view.diff = {
    base_version: base,
    text: diffLines(before?.body ?? '', after?.body ?? '').map((p) => ({ value: p.value, added: !!p.added, removed: !!p.removed })),
    variables: variableContractDiff(before?.body ?? '', after?.body ?? ''),
    settings: settingsDiff(before?.config as Record<string, unknown> | undefined, after?.config as Record<string, unknown> | undefined),
    evaluation: shown ? { id: shown.id, status: shown.status, pass_rate: column?.pass_rate ?? null, stale: shown.stale } : null,
  };
  return view;
}

/** A version's content: the prompt item for the current one, its snapshot for an earlier one. */
async function contentAt(workspace: ReviewPlace, prompt: PromptItem, version: number): Promise<{ body: string; config?: unknown } | null> {
  if (version === (prompt.version ?? 1)) return prompt;
  return (await getVersionItem(workspace.pk, prompt.id, version, { consistent: false })) ?? null;
}

/** Tells the activity feed and the webhooks what happened to a review, by whom. */
function tellReview(workspace: ReviewPlace, prompt: PromptItem, review: ReviewItem, type: EventInput['type']) {
  return emitEvent(workspace.pk, {
    type,
    actor: workspace.author,
    prompt_id: prompt.id,
    prompt_title: prompt.title,
    version: review.version,
    label: review.label,
    review_id: review.id,
  });
}
