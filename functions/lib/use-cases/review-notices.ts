import type { ReviewNotice } from '@shared/contract/reviews';
import { batchGet, type Item } from '../data/db';
import { type WorkspacePk, workspaceOwner } from '../data/keys';
import { promptKeys } from '../data/prompt';
import { isOpenReview, listNotices, type ReviewItem, reviewKeys } from '../data/reviews';
import { teamKeys } from '../data/team';
import { sharesTeam } from './reviews';

/**
 * The caller's in-app notices (GET /notices): the open reviews that wait on them, in every
 * workspace they belong to. The pointers are one Query on their own partition (written with the
 * reviews, data/reviews.ts); the reviews, the prompts' titles and, for a team's, the caller's
 * membership then come in one BatchGet, so a review they can no longer open is never shown (in
 * another person's own workspace: while they still share a team, use-cases/review-access.ts).
 * A review waits on a reviewer while it is open and they have not approved its version (and
 * nobody asked for changes since); on its author once approved or sent back with changes.
 */
export async function noticesOf(userId: string): Promise<ReviewNotice[]> {
  const pointers = await listNotices(userId);
  if (!pointers.length) return [];
  const teams = [...new Set(pointers.map((p) => teamOf(p.workspace_pk)).filter((t): t is string => t !== null))];
  const keys = [
    ...pointers.map((p) => reviewKeys.item(p.workspace_pk, p.prompt_id, p.review_id)),
    ...teams.flatMap((t) => [teamKeys.team(t), teamKeys.member(t, userId)]),
  ];
  const promptKeyList = [...new Map(pointers.map((p) => [`${p.workspace_pk}|${p.prompt_id}`, promptKeys.prompt(p.workspace_pk, p.prompt_id)])).values()];
  const [items, prompts] = await Promise.all([batchGet(keys), batchGet(promptKeyList, { projection: 'pk, sk, title' })]);
  const found = new Map(items.map((i) => [`${i.pk}|${i.sk}`, i as Item]));
  const titles = new Map(prompts.map((p) => [`${p.pk}|${p.sk}`, String(p.title ?? '')]));
  // Another person's own workspace: the caller reviews there only while they share a team with its owner.
  const others = [...new Set(pointers.map((p) => workspaceOwner(p.workspace_pk)).flatMap((o) => ('userId' in o && o.userId !== userId ? [o.userId] : [])))];
  const sharing = new Set(await Promise.all(others.map(async (o) => ((await sharesTeam(o, userId)) ? o : null))));
  const notices: ReviewNotice[] = [];
  for (const p of pointers) {
    const key = reviewKeys.item(p.workspace_pk, p.prompt_id, p.review_id);
    const review = found.get(`${key.pk}|${key.sk}`) as unknown as ReviewItem | undefined;
    const promptKey = promptKeys.prompt(p.workspace_pk, p.prompt_id);
    const title = titles.get(`${promptKey.pk}|${promptKey.sk}`);
    if (review?.status === undefined || title === undefined) continue;
    const team = teamOf(p.workspace_pk);
    let workspace: ReviewNotice['workspace'] = null;
    let role = 'owner';
    if (team) {
      const member = found.get(`${teamKeys.member(team, userId).pk}|${teamKeys.member(team, userId).sk}`);
      const teamItem = found.get(`${teamKeys.team(team).pk}|${teamKeys.team(team).sk}`);
      if (!member || !teamItem) continue;
      role = String(member.role);
      workspace = { id: team, name: String(teamItem.name ?? '') };
    } else {
      const ownerId = (workspaceOwner(p.workspace_pk) as { userId: string }).userId;
      if (ownerId !== userId && !sharing.has(ownerId)) continue;
    }
    const waiting = waitingOn(review, userId, role);
    if (waiting)
      notices.push({
        review_id: review.id,
        prompt_id: review.prompt_id,
        prompt_title: title,
        workspace,
        review_only: !team && (workspaceOwner(p.workspace_pk) as { userId: string }).userId !== userId,
        version: review.version,
        label: review.label,
        ...waiting,
        at: review.updated_at,
      });
  }
  return notices.sort((a, b) => b.at.localeCompare(a.at));
}

const teamOf = (workspace: WorkspacePk) => {
  const owner = workspaceOwner(workspace);
  return 'teamId' in owner ? owner.teamId : null;
};

/** Why the review waits on this person now, and who they wait on; null when it does not. */
function waitingOn(review: ReviewItem, userId: string, role: string): Pick<ReviewNotice, 'reason' | 'by'> | null {
  if (!isOpenReview(review)) return null;
  if (review.author.user_id === userId) {
    if (review.status === 'approved') return { reason: 'approved', by: { name: review.approvals.at(-1)?.name ?? '' } };
    if (review.status === 'changes_requested') return { reason: 'changes_requested', by: { name: review.changes_requested.at(-1)?.name ?? '' } };
    return null;
  }
  if (role === 'viewer' || !review.reviewers.some((r) => r.user_id === userId) || review.status === 'changes_requested') return null;
  if (review.approvals.some((a) => a.user_id === userId && a.version === review.version)) return null;
  return { reason: 'review_requested', by: { name: review.author.name } };
}
