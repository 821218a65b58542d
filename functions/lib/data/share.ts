import { getItem, type Item } from './db';
import type { WorkspacePk } from './keys';
import type { Part } from './transactions';

/**
 * Share links: `SHARE#<token>` / `SHARE` → the owner and the prompt (a partition per link, never
 * shared by all users); the prompt carries `share_token` (prompt.ts). Both are written and removed
 * together (use-cases/share.ts), so a revoked link answers 404 from the next request.
 */
export const shareKey = (token: string) => ({ pk: `SHARE#${token}`, sk: 'SHARE' });
export const SHARE_NOT_FOUND = 'This shared prompt does not exist or is no longer shared.';

export interface ShareLink {
  user_id: string;
  /** A team's prompt lives in the team's partition; links made before teams name none (the user's own). */
  workspace_pk?: WorkspacePk;
  prompt_id: string;
  created_at: string;
}

/** Access pattern: the link behind a token (strong GetItem); undefined when not shared. */
export const getShareLink = async (token: string) => (await getItem(shareKey(token), { consistent: true })) as (ShareLink & Item) | undefined;

export const shareParts = {
  /** A new link (its token is new: the put fails only on a collision). */
  create: (token: string, link: ShareLink): Part => ({
    put: { Item: { ...shareKey(token), type: 'share_link', ...link }, ConditionExpression: 'attribute_not_exists(pk)' },
  }),
  remove: (token: string): Part => ({ delete: { Key: shareKey(token) } }),
};
