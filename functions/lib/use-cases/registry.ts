import { contentView } from '@shared/chat';
import { CompiledTooLarge, CompileError, compileBody, compileChat, describeBody, type History, type StoredContext } from '@shared/compile';
import type { ChatMessage, CompiledMessage } from '@shared/contract/chat';
import type { Directives } from '@shared/contract/context';
import type { CompileResponse, RegistryPrompt, RegistryQuery } from '@shared/contract/registry';
import { CLIENT_HEADER, SDK_CLIENT } from '@shared/contract/stats';
import { isSlug } from '@shared/slugs';
import { parseVariables } from '@shared/variables';
import { directivesOf, listSnippets } from '../data/context';
import type { Item } from '../data/db';
import { hotRead } from '../data/hot-reads';
import type { PreloadInput, WorkspacePk } from '../data/keys';
import { labelsAt } from '../data/labels';
import { profileValuesOf } from '../data/profile-values';
import { listPromptItems, PROMPT_NOT_FOUND, type PromptItem, VERSION_NOT_FOUND, type VersionItem, versionOf } from '../data/prompt';
import { getSlugClaim, slugKey } from '../data/slugs';
import type { UserRecord } from '../data/users';
import { getVersionItem, promptWithVersion, readPrompt } from '../data/versions';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../http/errors';
import { recordUsage } from './usage';

/**
 * The registry: the caller's prompts by slug, for code (the SDK), AI tools (MCP) and scripts.
 * Reads cost, after the caller's key or token check (which reads the slug claim with the user):
 * one GetItem of the prompt, plus one of the snapshot when an earlier version is asked for (by
 * version number: read together with the prompt). Another user's slug names nothing: 404.
 */
export const registryPreload = {
  slug: ({ params, workspace }: PreloadInput<'slug'>) => (isSlug(params.slug) ? slugKey(workspace, params.slug) : undefined),
};

const variablesOf = (body: string) =>
  parseVariables(body).map((v) => ({
    type: v.type,
    key: v.key,
    ...(v.default !== undefined ? { default: v.default } : {}),
    ...(v.choices ? { choices: v.choices } : {}),
  }));

/** Access pattern: a user's prompts (one Query on the PROMPT# range), by slug. */
export async function listRegistry(workspace: WorkspacePk) {
  const prompts = await listPromptItems(workspace);
  return prompts
    .filter((p) => p.slug)
    .map((p) => ({
      slug: p.slug!,
      title: p.title,
      kind: p.kind ?? 'text',
      description: describeBody(p.body),
      version: versionOf(p),
      labels: p.labels ?? {},
      variables: variablesOf(p.body),
    }))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

export interface Selector {
  label?: string;
  version?: number;
}

/** `?label=&version=` (checked by RegistryQuery: well-formed, not both) as a selector. */
export function selectorFrom(query: RegistryQuery): Selector {
  if (query.label !== undefined) return { label: query.label };
  return query.version === undefined ? {} : { version: Number(query.version) };
}

export interface CompileOptions {
  workspace: WorkspaceRef;
  user: UserRecord;
  slug: string;
  selector: Selector;
  /** The INPUT values. */
  inputs: Record<string, string>;
  /** Whether the workspace's global prefix and suffix wrap the text (a chat prompt's first system message). */
  directives: boolean;
  /** A chat prompt's conversation for its placeholders. */
  history?: History;
  /** The route's preloaded slug claim (registryPreload); without it the claim is read here (MCP names prompts inside its JSON-RPC body). */
  preloaded?: { slug: Item | undefined };
  /** Who compiles, for the prompt's stats (use-cases/usage.ts). */
  count: Counted;
}

/** How a registry use is counted: its channel, and the API key that made it (for stale_clients). */
export interface Counted {
  channel: 'registry' | 'sdk' | 'mcp';
  apiKeyId: string | null;
}

/** `sdk` when the SDK identifies itself (its CLIENT_HEADER), else `registry`. */
export const registryChannel = (headers: Record<string, string | undefined> | undefined): 'sdk' | 'registry' =>
  (headers?.[CLIENT_HEADER] ?? '').startsWith(SDK_CLIENT) ? 'sdk' : 'registry';

/**
 * The prompt filled on the server with the workbench's rules (compile, MCP prompts/get): the
 * snippets are read alongside the prompt, so it costs the round trips of a get. A text prompt
 * gives its text, a chat prompt its messages (each placeholder replaced by the history), both
 * with the version's model settings. Output past its bound (shared/compile.ts) is refused with
 * 413 before it is built.
 */
export async function compileRegistryPrompt({
  workspace,
  user,
  slug,
  selector,
  inputs,
  directives,
  history,
  preloaded,
  count,
}: CompileOptions): Promise<{ compiled: CompileResponse; view: RegistryPrompt }> {
  const started = performance.now();
  const found = preloaded ? preloaded.slug : isSlug(slug) ? await getSlugClaim(workspace.pk, slug) : undefined;
  // Snippets and directives are the workspace's; PROFILE values are always the caller's own.
  const [{ view, prompt }, { context, wrap }] = await Promise.all([
    resolvePrompt({ workspace: workspace.pk, slug, claim: found, selector }),
    compileContext(workspace, user, directives),
  ]);
  const counted = (error: boolean) =>
    recordUsage({
      workspace: workspace.pk,
      prompt_id: prompt.id,
      version: view.version,
      label: selector.label,
      channel: count.channel,
      kind: 'compile',
      latency_ms: performance.now() - started,
      api_key_id: count.apiKeyId,
      error,
    });
  try {
    const compiled: CompileResponse = { ...compileContent(view, inputs, context, wrap, history), config: view.config };
    counted(false);
    return { compiled, view };
  } catch (error) {
    counted(true);
    throw error;
  }
}

/** What a compile fills from: the workspace's snippets, the caller's own PROFILE values, and the workspace's directives unless turned off. */
export async function compileContext(workspace: WorkspaceRef, user: UserRecord, directives: boolean) {
  const [snippets, profile] = await Promise.all([
    hotRead(`${workspace.pk}\nsnippets`, () => listSnippets(workspace.pk)),
    hotRead(`${user.id}\nprofile`, () => profileValuesOf(user)),
  ]);
  return { context: { snippets, profile }, wrap: directives ? directivesOf(workspace.holderItem) : undefined };
}

/**
 * Saved content filled with the workbench's rules (shared/compile.ts), for the registry and a run
 * of a saved version alike: a missing INPUT or SNIPPET answers 400 naming it, a result past the
 * bound 413.
 */
export function compileContent(
  content: { kind: 'text' | 'chat'; body: string; messages?: ChatMessage[] },
  inputs: Record<string, string>,
  context: StoredContext,
  wrap: Directives | undefined,
  history?: History,
  max?: number,
): { kind: 'text'; text: string } | { kind: 'chat'; messages: CompiledMessage[] } {
  try {
    return content.kind === 'chat'
      ? { kind: 'chat', messages: compileChat(content.messages ?? [], inputs, context, wrap, history, max) }
      : { kind: 'text', text: compileBody(content.body, inputs, context, wrap, max) };
  } catch (error) {
    if (error instanceof CompiledTooLarge) throw new PayloadTooLargeError(error.message, [{ field: error.field, message: error.message }]);
    if (error instanceof CompileError) throw new BadRequestError(error.message, [{ field: error.field, message: error.message }]);
    throw error;
  }
}

/** The prompt a slug names, at the version the selector asks for. */
export async function resolvePrompt({
  workspace,
  slug,
  claim,
  selector,
}: {
  workspace: WorkspacePk;
  slug: string;
  /** The slug claim as read (undefined: no prompt has the slug). */
  claim: Item | undefined;
  selector: Selector;
}): Promise<{ prompt: PromptItem; view: RegistryPrompt }> {
  if (!claim) throw new NotFoundError(PROMPT_NOT_FOUND);
  const promptId = String(claim.prompt_id);
  let prompt: PromptItem | undefined;
  let snapshot: VersionItem | undefined;
  // The version is known: prompt and snapshot in one BatchGet.
  // The registry's reads of one prompt can come thousands a second: hot ones are kept a second (data/hot-reads.ts).
  const key = `${workspace}\n${promptId}`;
  if (selector.version !== undefined)
    ({ prompt, snapshot } = await hotRead(`${key}\nwith version ${selector.version}`, () => promptWithVersion(workspace, promptId, selector.version!)));
  else prompt = await hotRead(key, () => readPrompt(workspace, promptId));
  if (!prompt || prompt.slug !== slug) throw new NotFoundError(PROMPT_NOT_FOUND);

  const latest = versionOf(prompt);
  let version = selector.version ?? latest;
  if (selector.label !== undefined) {
    const pinned = prompt.labels?.[selector.label];
    if (pinned === undefined) throw new NotFoundError(`This prompt has no label '${selector.label}'.`);
    version = pinned;
    if (version !== latest) snapshot = await hotRead(`${key}\nversion ${version}`, () => getVersionItem(workspace, prompt!.id, version, { consistent: false }));
  }
  let content: Omit<VersionItem, 'prompt_id' | 'version' | 'saved_at' | 'source'> & { updated_at: string };
  if (version === latest) content = prompt;
  else if (version > latest || !snapshot) throw new NotFoundError(VERSION_NOT_FOUND);
  else {
    content = { ...snapshot, updated_at: snapshot.saved_at };
  }
  return {
    prompt,
    view: {
      slug,
      title: content.title,
      version,
      labels: labelsAt(prompt.labels, version),
      ...contentView(content),
      variables: variablesOf(content.body),
      tasks: content.tasks ?? [],
      industries: content.industries ?? [],
      updated_at: content.updated_at,
    },
  };
}
