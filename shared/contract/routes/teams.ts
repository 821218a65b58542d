import type { RouteKey } from '../../routes';
import type { RouteContract } from '../route-contract';
import { Invite, InviteInput, InviteList, InviteView, Member, MemberList, RoleInput, Team, TeamInput, TeamList } from '../teams';

/** The contract of the Teams area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const TEAMS_ROUTES = {
  'POST /teams': {
    summary: 'Create a team workspace; the caller is its owner (Pro and Elite plans; plan limit max_teams; free → 403)',
    request: TeamInput,
    response: Team,
    status: 201,
  },
  'GET /teams': { summary: "The caller's teams, each with the caller's role in it", response: TeamList },
  'PUT /teams/{id}': { summary: 'Rename a team (owners; another member → 403, not a member → 404)', request: TeamInput, response: Team },
  'DELETE /teams/{id}': {
    summary: "Delete a team and its whole workspace: prompts, members, invitations and its prompts' share links (owners)",
    status: 204,
  },
  'POST /teams/{id}/invites': {
    summary: 'Invite someone by email as editor or viewer (owners): the link `<site>/invites/<token>` is mailed and works once, for 7 days',
    request: InviteInput,
    response: Invite,
    status: 201,
  },
  'GET /teams/{id}/invites': { summary: "The team's pending invitations (owners)", response: InviteList },
  'DELETE /teams/{id}/invites/{invite_id}': { summary: 'Withdraw an invitation (owners); its link stops working', status: 204 },
  'GET /invites/{token}': {
    summary: "An invitation by its link's token, for the accept page (used, expired or withdrawn → 400)",
    response: InviteView,
  },
  'POST /invites/{token}/accept': {
    summary: "Join the team with the invitation's role, signed in as the invited address (another address → 403, already a member → 409, team full → 403)",
    response: Team,
  },
  'GET /teams/{id}/members': { summary: "The team's members with their current email, name and role (any member)", response: MemberList },
  'PUT /teams/{id}/members/{user_id}': {
    summary: "Change a member's role (owners; the last owner and the team's creator stay owners → 409)",
    request: RoleInput,
    response: Member,
  },
  'DELETE /teams/{id}/members/{user_id}': {
    summary: "Remove a member (owners), or leave the team (yourself); the last owner and the team's creator cannot go → 409",
    status: 204,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
