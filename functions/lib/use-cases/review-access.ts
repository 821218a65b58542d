import { workspaceOwner } from '../data/keys';
import { getPromptItem, type PromptItem } from '../data/prompt';
import { getNoticedReview, REVIEW_NOT_FOUND, type ReviewItem } from '../data/reviews';
import { memberOf, teamsById, VIEWER_REFUSED } from '../data/team';
import type { UserRecord } from '../data/users';
import { authorOf } from '../data/workspace';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { type ReviewPlace, sharesTeam } from './reviews';

/**
 * A review reached by its id alone (GET /reviews/{review_id} and its two answers): how a reviewer
 * from a shared team reads and answers a review in another person's own workspace, where no
 * workspace route lets them in. The caller's notice says where the review is (so only an open
 * review they wrote or were asked for); then the review itself decides: in a team, its members
 * (viewers read, never answer); in a person's own workspace, its owner, or a named reviewer who
 * still edits or owns a team the owner is in. Anything else is 404, as another user's data is.
 * It opens the review and the versions it compares, never the rest of the workspace.
 */
export async function reviewById(
  user: UserRecord,
  reviewId: string,
  need: 'read' | 'answer',
): Promise<{ place: ReviewPlace; prompt: PromptItem; review: ReviewItem }> {
  const { workspace, review } = await getNoticedReview(user.id, reviewId);
  const owner = workspaceOwner(workspace);
  let team: ReviewPlace['team'] = null;
  if ('teamId' in owner) {
    const member = await memberOf(owner.teamId, user.id, REVIEW_NOT_FOUND);
    if (need === 'answer' && member.role === 'viewer') throw new ForbiddenError(VIEWER_REFUSED);
    team = { id: owner.teamId, name: (await teamsById([owner.teamId])).get(owner.teamId)?.name ?? '' };
  } else if (owner.userId !== user.id) {
    const named = review.reviewers.some((r) => r.user_id === user.id);
    if (!named || !(await sharesTeam(owner.userId, user.id))) throw new NotFoundError(REVIEW_NOT_FOUND);
  }
  const prompt = await getPromptItem(workspace, review.prompt_id);
  if (!prompt) throw new NotFoundError(REVIEW_NOT_FOUND);
  return { place: { pk: workspace, author: authorOf(user), team }, prompt, review };
}
