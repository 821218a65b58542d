import { randomUUID } from 'node:crypto';
import { INVITE_DAYS, type Invite, type InviteView, type Team } from '@shared/contract/teams';
import { teamLimitFor } from '@shared/tiers';
import { batchGet } from '../data/db';
import { normaliseEmail } from '../data/keys';
import { checkToken, dropToken, findToken, type InviteTokenItem, newToken, tokenHash, useToken } from '../data/one-time-tokens';
import { consume } from '../data/rate-limits';
import { isMember, TEAM_NOT_FOUND, type TeamAccess, type TeamRecord, teamKeys, teamParts } from '../data/team';
import { countOpenInvites, getInvite, type InviteItem, inviteParts, openInvites } from '../data/team-invites';
import { failing, transact } from '../data/transactions';
import { emailOwner, type UserRecord } from '../data/users';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { sendMail } from '../services/mail';
import { teamInviteMail } from '../services/mail-messages';
import { linkBase, recipientWindow, TOO_MANY_MAILS } from './account';

/**
 * Team invitations by email (docs/product.md, "Teams"; the invitation items: data/team-invites.ts). The link `<site>/invites/<token>` carries a
 * one-time token (`purpose` `team_invite`, one-time-tokens.ts) naming the team, the invitation and
 * the role; the team partition keeps `INVITE#<id>` with the token's hash, so owners list and
 * revoke invitations and deleting the team deletes their tokens. Revoking deletes both: the link
 * then reads as not valid. Accepting is one transaction: the token used up, the invitation gone,
 * a member slot claimed on the team item (`members_used < limit`, the limit of the team's tier as
 * read, so a tier change meanwhile fails it too) and the member item with its twin: concurrent
 * accepts never pass the limit, and a revoked or used link never makes a member.
 */
export const INVITE_LINK = {
  invalid: "This invitation link is not valid, or the invitation was withdrawn. Ask the team's owner for a new one.",
  used: "This invitation was already accepted. Ask the team's owner for a new one if you need it.",
  expired: `This invitation has expired (invitations work for ${INVITE_DAYS} days). Ask the team's owner for a new one.`,
};
export const INVITE_NOT_FOUND = 'Invitation not found.';
/** Pending invitations per team: enough for any real team, few enough that nobody mails the world from one. */
export const PENDING_INVITES_MAX = 50;

const inviteView = (item: Pick<InviteItem, 'id' | 'email' | 'role' | 'valid_until'>): Invite => ({
  id: item.id,
  email: item.email,
  role: item.role,
  expires_at: new Date(item.valid_until * 1000).toISOString(),
});

/** POST /teams/{id}/invites (owners): the invitation and its token in one transaction, then the mail. */
export async function createInvite({ team, member }: TeamAccess, inviter: UserRecord, input: { email: string; role: 'editor' | 'viewer' }): Promise<Invite> {
  const site = linkBase();
  // No mail for a place the team does not have (the team item was read with the request); accepting checks again.
  const limit = teamLimitFor(team.tier, 'max_team_members');
  if (team.members_used >= limit) throw new ConflictError(teamFullText(limit));
  const email = normaliseEmail(input.email);
  const owner = await emailOwner(email);
  if (owner && (await isMember(team.id, owner))) throw new ConflictError('This person is already a member of the team.');
  if ((await countOpenInvites(team.id)) >= PENDING_INVITES_MAX) {
    throw new ForbiddenError(`This team has ${PENDING_INVITES_MAX} pending invitations. Revoke some before inviting more people.`);
  }
  await consume(recipientWindow(email), TOO_MANY_MAILS);
  const id = randomUUID();
  const { token, puts, item } = newToken('team_invite', { email, team_id: team.id, invite_id: id, role: input.role }, INVITE_DAYS * 86_400);
  const invite: InviteItem = {
    id,
    team_id: team.id,
    email,
    role: input.role,
    invited_by: member.user_id,
    valid_until: item.valid_until,
    token_hash: tokenHash(token),
  };
  await transact([
    failing(teamParts.exists(team.id), () => new NotFoundError(TEAM_NOT_FOUND)),
    ...puts,
    // Gone by TTL with its token, a week after it stopped working.
    inviteParts.create(invite, item.expires_at),
  ]);
  const inviterName = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
  await sendMail(teamInviteMail(email, { team: team.name, inviter: inviterName, role: input.role, url: `${site}/invites/${token}` }));
  return inviteView(invite);
}

/** GET /teams/{id}/invites (owners): the invitations whose link still works, soonest to expire first. */
export async function listInvites({ team }: TeamAccess): Promise<Invite[]> {
  const items = await openInvites(team.id);
  return items.sort((a, b) => a.valid_until - b.valid_until || a.email.localeCompare(b.email)).map(inviteView);
}

/** DELETE /teams/{id}/invites/{invite_id} (owners): the invitation and its token go, so the link stops working. */
export async function revokeInvite({ team }: TeamAccess, inviteId: string): Promise<void> {
  const item = await getInvite(team.id, inviteId);
  if (!item) throw new NotFoundError(INVITE_NOT_FOUND);
  await transact([failing(inviteParts.remove(team.id, inviteId), () => new NotFoundError(INVITE_NOT_FOUND)), dropToken(item.token_hash)]);
}

interface OpenInvite {
  token: InviteTokenItem;
  team: TeamRecord;
  invite: boolean;
  member: boolean;
}

/** The token, its team, whether its invitation is still there and whether `userId` is in the team already (one BatchGet). */
async function openInvite(token: string, userId: string): Promise<OpenInvite> {
  const item = (await findToken(token, 'team_invite')) as InviteTokenItem | undefined;
  if (!item?.team_id) throw new BadRequestError(INVITE_LINK.invalid);
  const wanted = [teamKeys.team(item.team_id), teamKeys.invite(item.team_id, item.invite_id), teamKeys.member(item.team_id, userId)];
  const found = await batchGet(wanted, { consistent: true });
  const has = (key: { sk: string }) => found.find((i) => i.sk === key.sk);
  const team = has(wanted[0]!) as unknown as TeamRecord | undefined;
  if (!team) throw new BadRequestError(INVITE_LINK.invalid);
  return { token: item, team, invite: Boolean(has(wanted[1]!)), member: Boolean(has(wanted[2]!)) };
}

/** Used, expired or withdrawn: 400, each with its own detail. */
function checkOpen({ token, invite }: OpenInvite): void {
  checkToken(token, INVITE_LINK);
  if (!invite) throw new BadRequestError(INVITE_LINK.invalid);
}

/** GET /invites/{token} (signed in): what the accept page shows. */
export async function readInvite(token: string, user: UserRecord): Promise<InviteView> {
  const open = await openInvite(token, user.id);
  checkOpen(open);
  return {
    team: { id: open.team.id, name: open.team.name },
    role: open.token.role,
    email: open.token.email,
    expires_at: new Date(open.token.valid_until * 1000).toISOString(),
  };
}

export const alreadyMember = () => new ConflictError('You are already a member of this team.');
const teamFullText = (limit: number) =>
  limit === 0
    ? "This team takes no new members: its creator's plan does not include teams any more."
    : `This team is full: it has reached its limit of ${limit} members. Ask an owner to make room, or its creator to upgrade their plan.`;
/** An accept that finds no place (403, docs/product.md); an invitation into a full team is refused before any mail (409). */
export const teamFull = (limit: number) => new ForbiddenError(teamFullText(limit));

/** POST /invites/{token}/accept: signed in as the invited address (any letter case), the caller joins with the invitation's role. */
export async function acceptInvite(token: string, user: UserRecord): Promise<Team> {
  const open = await openInvite(token, user.id);
  if (normaliseEmail(user.email) !== open.token.email) {
    throw new ForbiddenError(`This invitation was sent to ${open.token.email}. Sign in with that address to accept it.`);
  }
  if (open.member) throw alreadyMember();
  checkOpen(open);
  const { team, token: item } = open;
  const limit = teamLimitFor(team.tier, 'max_team_members');
  const [member, twin] = teamParts.join(team.id, user.id, item.role, 'attribute_not_exists(pk)');
  await transact([
    failing(useToken(token), () => new BadRequestError(INVITE_LINK.used)),
    failing(inviteParts.remove(team.id, item.invite_id), () => new BadRequestError(INVITE_LINK.invalid)),
    // The slot's condition: full, or the team's tier or existence changed since it was read.
    failing(teamParts.claimMember(team, limit), () => teamFull(limit)),
    failing(member, alreadyMember),
    twin,
  ]);
  return { id: team.id, name: team.name, role: item.role };
}
