import * as z from 'zod/mini';
import { Email, safeLine } from './common';

/** Team workspaces: the management API (docs/product.md, "Teams"). */
export const TEAM_NAME_MAX = 60;
export const TEAM_ROLES = ['owner', 'editor', 'viewer'] as const;
/** An invitation makes an editor or a viewer; owners are made by a role change of a member. */
export const INVITE_ROLES = ['editor', 'viewer'] as const;
/** How long an invitation link works. */
export const INVITE_DAYS = 7;

export const TeamRole = z.enum(TEAM_ROLES, `Role must be one of: ${TEAM_ROLES.join(', ')}.`);
export const InviteRole = z.enum(INVITE_ROLES, `Role must be one of: ${INVITE_ROLES.join(', ')}.`);

/** POST /teams and PUT /teams/{id}. */
export const TeamInput = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Name is required.'), z.maxLength(TEAM_NAME_MAX, `Name must be at most ${TEAM_NAME_MAX} characters.`), safeLine('Name')),
});

/** A team as its member sees it: with the caller's own role in it. */
export const Team = z.object({ id: z.string(), name: z.string(), role: TeamRole });
export type Team = z.infer<typeof Team>;
export const TeamList = z.object({ teams: z.array(Team) });

/** POST /teams/{id}/invites. */
export const InviteInput = z.strictObject({ email: Email, role: InviteRole });

/** A pending invitation (owners only see these); `expires_at` is when its link stops working. */
export const Invite = z.object({ id: z.string(), email: z.string(), role: InviteRole, expires_at: z.string() });
export type Invite = z.infer<typeof Invite>;
export const InviteList = z.object({ invites: z.array(Invite) });

/** GET /invites/{token}: what the accept page shows. */
export const InviteView = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  role: InviteRole,
  email: z.string(),
  expires_at: z.string(),
});
export type InviteView = z.infer<typeof InviteView>;

/** A member, with the person's current email and name. */
export const Member = z.object({ user_id: z.string(), email: z.string(), name: z.string(), role: TeamRole });
export type Member = z.infer<typeof Member>;
export const MemberList = z.object({ members: z.array(Member) });

/** PUT /teams/{id}/members/{user_id}. */
export const RoleInput = z.strictObject({ role: TeamRole });
