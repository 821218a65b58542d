import { randomBytes } from 'node:crypto';
import { contentView, storedContent } from '@shared/chat';
import { parseVariables } from '@shared/variables';
import { batchGet } from '../data/db';
import { personalPk, type WorkspacePk } from '../data/keys';
import { getPromptItem, PROMPT_NOT_FOUND, type PromptItem, promptKeys, promptParts } from '../data/prompt';
import { getShareLink, SHARE_NOT_FOUND, shareParts } from '../data/share';
import { failing, transact } from '../data/transactions';
import { USER_SK, type UserRecord, userKeys } from '../data/users';
import type { WorkspaceRef } from '../data/workspace';
import { ConflictError, NotFoundError } from '../http/errors';
import { siteUrl } from '../http/site';
import { contentTier, refuseTiered } from './lineage';
import { createPrompt } from './prompts';

/**
 * Sharing a prompt by public link (the link item: data/share.ts). The link and the prompt's
 * `share_token` are written and removed together, so a revoked link answers 404 from the next
 * request. A public reader gets the prompt's current content and the author's display name, never
 * an email. A prompt holding Pro or Elite library content (lineage.ts, contentTier: the tier of
 * what it holds now) is never shared, and a link whose prompt came to hold such content since (a
 * pull, an original raised to a higher tier) reads as gone, on every read.
 */
export const TIERED_SHARE = 'This prompt was copied from a Pro or Elite library prompt, so it cannot be shared publicly.';
const CHANGED = 'This prompt was changed by another request. Please try again.';

const shareAnswer = (token: string, headers: Record<string, string | undefined>) => ({ token, url: `${siteUrl(headers)}/s/${token}` });

/** Shares a prompt of the workspace: the same link when it is already shared. The sharer is named as its author. */
export async function sharePrompt({
  workspace,
  prompt,
  headers,
}: {
  workspace: WorkspaceRef;
  prompt: PromptItem | null;
  headers: Record<string, string | undefined>;
}) {
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  await refuseTiered(prompt, TIERED_SHARE);
  if (prompt.share_token) return { created: false, answer: shareAnswer(prompt.share_token, headers) };
  const token = randomBytes(18).toString('base64url');
  const raced = new Error('shared meanwhile');
  // A fork's content was judged as read: a pull that landed meanwhile fails this share (it re-reads, 409).
  const pinned = prompt.forked_from ? (prompt.version ?? null) : undefined;
  try {
    await transact([
      failing(promptParts.share(workspace.pk, prompt.id, token, pinned), () => raced),
      shareParts.create(token, {
        user_id: workspace.author.user_id,
        // A team's prompt lives in the team's partition; a personal one in the user's (links made before teams name none).
        ...(workspace.team ? { workspace_pk: workspace.pk } : {}),
        prompt_id: prompt.id,
        created_at: new Date().toISOString(),
      }),
    ]);
  } catch (error) {
    if (error !== raced) throw error;
    // Shared by a concurrent request (or deleted): answer with what is there now.
    const now = await getPromptItem(workspace.pk, prompt.id);
    if (!now) throw new NotFoundError(PROMPT_NOT_FOUND);
    if (!now.share_token) throw new ConflictError(CHANGED);
    return { created: false, answer: shareAnswer(now.share_token, headers) };
  }
  return { created: true, answer: shareAnswer(token, headers) };
}

/** Stops sharing: the link item and the prompt's token go together. */
export async function unsharePrompt(workspace: WorkspacePk, prompt: PromptItem | null): Promise<void> {
  if (!prompt) throw new NotFoundError(PROMPT_NOT_FOUND);
  if (!prompt.share_token) throw new NotFoundError('This prompt is not shared.');
  await transact([
    failing(promptParts.unshare(workspace, prompt.id, prompt.share_token), () => new ConflictError(CHANGED)),
    shareParts.remove(prompt.share_token),
  ]);
}

/** The shared prompt behind a token (the link, then prompt and author in one BatchGet); 404 when not shared or when it holds tiered content. */
export async function readShared(token: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) throw new NotFoundError(SHARE_NOT_FOUND);
  const link = await getShareLink(token);
  if (!link) throw new NotFoundError(SHARE_NOT_FOUND);
  const userId = String(link.user_id);
  const promptKey = promptKeys.prompt(link.workspace_pk ? (String(link.workspace_pk) as WorkspacePk) : personalPk(userId), String(link.prompt_id));
  const items = await batchGet([promptKey, userKeys.user(userId)], { consistent: true });
  const prompt = items.find((i) => i.sk === promptKey.sk && i.pk === promptKey.pk) as PromptItem | undefined;
  const author = items.find((i) => i.sk === USER_SK) as UserRecord | undefined;
  if (!prompt || prompt.share_token !== token || !author) throw new NotFoundError(SHARE_NOT_FOUND);
  const tier = await contentTier(prompt);
  if (tier && tier !== 'free') throw new NotFoundError(SHARE_NOT_FOUND);
  return {
    prompt,
    view: {
      title: prompt.title,
      ...contentView(prompt),
      variables: parseVariables(prompt.body).map((v) => ({
        type: v.type,
        key: v.key,
        ...(v.default !== undefined ? { default: v.default } : {}),
        ...(v.choices ? { choices: v.choices } : {}),
      })),
      tasks: prompt.tasks ?? [],
      industries: prompt.industries ?? [],
      // A display name only: the first name and the last name's initial, never an email.
      author_name: [author.first_name, author.last_name ? `${author.last_name.trim()[0]}.` : ''].filter(Boolean).join(' '),
      updated_at: prompt.updated_at,
    },
  };
}

/** Copies a shared prompt into the workspace, within its plan limit. */
export async function forkShared(workspace: WorkspaceRef, token: string): Promise<PromptItem> {
  const { view } = await readShared(token);
  return createPrompt(workspace, {
    title: view.title,
    ...storedContent(view),
    category_id: null,
    is_favorite: false,
    tasks: view.tasks,
    industries: view.industries,
    version_source: { kind: 'create' },
  });
}
