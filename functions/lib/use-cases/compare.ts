import { createHash } from 'node:crypto';
import { storedContent } from '@shared/chat';
import type { ChatMessage, CompiledMessage } from '@shared/contract/chat';
import { COLUMN_IDS, type CompareColumn, type CompareColumnInput, type CompareInput, type CompareSession, type VoteInput } from '@shared/contract/compare';
import { RUN_TEXT_MAX } from '@shared/contract/run';
import { rate, type Vote } from '@shared/rating';
import {
  type FeedbackItem,
  getSession,
  listVotes,
  newId,
  putFeedback,
  putSession,
  putVote,
  type SessionColumn,
  type SessionItem,
  type VoteItem,
} from '../data/judgements';
import type { WorkspacePk } from '../data/keys';
import { type PromptItem, versionOf } from '../data/prompt';
import type { UserRecord } from '../data/users';
import { readPrompt } from '../data/versions';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import { NO_MODEL_CHOSEN } from '../services/engine/model';
import { resolveColumn } from './evaluations';
import { lineageOf } from './lineage';
import { compileContent, compileContext } from './registry';
import { recordUsage } from './usage';

/**
 * Compare, blind votes and answer feedback (issue 30; docs/architecture.md, "Compare and votes").
 * A compare session resolves its columns as an evaluation does (use-cases/evaluations.ts), compiles
 * them as the run route compiles a saved version (INPUTs, SNIPPETs, PROFILE values, the directives
 * unless turned off; a chat prompt to messages), and keeps them on the server; in blind mode the columns are shuffled and
 * the browser gets their ids only, so it cannot know which is which until the vote answers.
 */
export const COMPARE_NOT_FOUND = 'Compare session not found.';

/** SHA-256 of the inputs with sorted keys: the same inputs give the same hash wherever they come from. */
export const inputsHash = (inputs: Record<string, string>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1))))
    .digest('hex');

const named = (c: SessionColumn): CompareColumn => ({
  id: c.id,
  version: c.version,
  ...(c.label !== undefined ? { label: c.label } : {}),
  model: c.model,
  connection_id: c.connection_id ?? null,
  ...(c.draft ? { draft: true } : {}),
  ...(c.original ? { original: true } : {}),
});

export function sessionView(session: SessionItem, reveal = !session.blind): CompareSession {
  return {
    id: session.id,
    blind: session.blind,
    inputs_hash: session.inputs_hash,
    columns: session.columns.map((c) => (reveal ? named(c) : { id: c.id })),
  };
}

/**
 * A fork's library original as a column: its content as the library holds it now, run as a draft
 * would be (on the column's connection, else Construct's model: the library's settings name no
 * connection of this workspace). Refused (403, never the text) when the person's plan or the
 * workspace no longer opens it; 400 when the prompt is not a fork or the original is gone.
 */
async function originalColumn(user: UserRecord, workspace: Pick<WorkspaceRef, 'pk' | 'team'>, prompt: PromptItem, column: CompareColumnInput, at: string) {
  const { original } = await lineageOf(user, workspace, prompt).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new BadRequestError(`${at}: ${error.message}`) : error;
  });
  const { connection_id: _, ...config } = original.config ?? {};
  const { original: __, ...rest } = column;
  return resolveColumn(workspace.pk, prompt, { ...rest, draft: { ...storedContent({ ...original, config }) } }, at);
}

/** A column's content compiled by the run route's compile: `text` for a text prompt, `messages` for a chat prompt. */
function compiledOf(
  spec: { kind?: 'text' | 'chat'; body: string; messages?: ChatMessage[] },
  inputs: Record<string, string>,
  { context, wrap }: Awaited<ReturnType<typeof compileContext>>,
): { text: string } | { messages: CompiledMessage[] } {
  const compiled = compileContent({ ...spec, kind: spec.kind ?? 'text' }, inputs, context, wrap, undefined, RUN_TEXT_MAX);
  return compiled.kind === 'chat' ? { messages: compiled.messages } : { text: compiled.text };
}

export async function startCompare(workspace: WorkspaceRef, user: UserRecord, prompt: PromptItem, input: CompareInput): Promise<CompareSession> {
  const inputs = input.variables ?? {};
  const [filling, ...resolved] = await Promise.all([
    compileContext(workspace, user, input.directives ?? true),
    ...input.columns.map(async (column, i) => {
      const at = `Column ${i + 1}`;
      const spec = column.original ? await originalColumn(user, workspace, prompt, column, at) : await resolveColumn(workspace.pk, prompt, column, at);
      // Refused now rather than by every run: a connection column must name a model or list one.
      if (spec.connection_id && !spec.model) throw new BadRequestError(`Column ${i + 1}: ${NO_MODEL_CHOSEN}`);
      return spec;
    }),
  ]);
  const columns = resolved.map((spec, i) => ({
    version: spec.version,
    ...(input.columns[i]!.label !== undefined ? { label: input.columns[i]!.label } : {}),
    // The product's model is the operator's: a model names a connection's, and without one the column runs the product's.
    model: spec.connection_id ? spec.model : null,
    connection_id: spec.connection_id,
    ...(spec.config ? { config: spec.config } : {}),
    draft: spec.version === null && !input.columns[i]!.original,
    ...(input.columns[i]!.original ? { original: true } : {}),
    // What the run route's Run of this version or draft sends, bounded as it bounds it.
    ...compiledOf(spec, inputs, filling),
  }));
  // Blind: a random order, so a column's place says nothing either.
  if (input.blind)
    for (let i = columns.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [columns[i], columns[j]] = [columns[j]!, columns[i]!];
    }
  const session: SessionItem = {
    id: newId(),
    prompt_id: prompt.id,
    blind: input.blind === true,
    inputs_hash: inputsHash(inputs),
    columns: columns.map((c, i) => ({ ...c, id: COLUMN_IDS[i]! })),
    created_by: user.id,
  };
  await putSession(workspace.pk, session);
  return sessionView(session);
}

/**
 * The column a run of a compare session sends to the model (POST /engine/run with `compare`), and
 * whether its run must not say who answers (a blind session not yet voted on). A library
 * original's column is refused again if the person's plan no longer opens the original.
 */
export async function compareColumn(
  user: UserRecord,
  workspace: Pick<WorkspaceRef, 'pk' | 'team'>,
  promptId: string,
  compare: { id: string; column: string },
): Promise<SessionColumn & { hidden: boolean; prompt?: PromptItem }> {
  const session = await getSession(workspace.pk, promptId, compare.id);
  const column = session?.columns.find((c) => c.id === compare.column);
  if (!session || !column) throw new NotFoundError(COMPARE_NOT_FOUND);
  const hidden = session.blind && !session.voted;
  if (!column.original) return { ...column, hidden };
  const prompt = await readPrompt(workspace.pk, promptId);
  if (!prompt) throw new NotFoundError(COMPARE_NOT_FOUND);
  await lineageOf(user, workspace, prompt);
  return { ...column, hidden, prompt };
}

/** POST /prompts/{id}/votes: a vote between two versions or models (or two columns of a session, revealed by the answer). */
export async function castVote(workspace: WorkspacePk, userId: string, prompt: PromptItem, input: VoteInput) {
  const latest = versionOf(prompt);
  const session = input.compare_id ? await getSession(workspace, prompt.id, input.compare_id) : undefined;
  if (input.compare_id && !session) throw new NotFoundError(COMPARE_NOT_FOUND);
  const resolve = (side: VoteInput['winner'], at: string) => {
    if (side.column !== undefined) {
      const column = session?.columns.find((c) => c.id === side.column);
      if (!column) throw new BadRequestError(`${at}: ${session ? `this session has no column ${side.column}` : 'a column needs compare_id'}.`);
      return { version: column.version, model: column.model };
    }
    if (side.version !== undefined && side.version > latest) throw new BadRequestError(`${at}: version ${side.version} is not a version of this prompt.`);
    return { version: side.version ?? null, model: side.model ?? null };
  };
  const winner = resolve(input.winner, 'winner');
  const loser = resolve(input.loser, 'loser');
  if (winner.version === loser.version && winner.model === loser.model) throw new BadRequestError('The winner and the loser are the same.');
  const vote: VoteItem = {
    id: newId(),
    winner,
    loser,
    tie: input.tie === true,
    inputs_hash: input.inputs_hash,
    compare_id: input.compare_id ?? null,
    created_by: userId,
    created_at: new Date().toISOString(),
  };
  if (!(await putVote(workspace, prompt.id, vote))) throw new ConflictError('This comparison has been voted on already.');
  const { compare_id: _, created_by: __, ...view } = vote;
  return { ...view, ...(session ? { columns: sessionView(session, true).columns } : {}) };
}

/** How the ratings name the product's own model (a column with no model) when it meets a named one. */
export const PRODUCT_MODEL = "Construct's model";

/**
 * The contests a vote is: between versions when they differ, between models when they differ (a
 * side with no model ran on the product's model: named PRODUCT_MODEL against a named model).
 */
function contests(votes: VoteItem[]): { versions: Vote[]; models: Vote[] } {
  const versions: Vote[] = [];
  const models: Vote[] = [];
  for (const v of votes) {
    if (v.winner.version !== null && v.loser.version !== null && v.winner.version !== v.loser.version)
      versions.push({ winner: String(v.winner.version), loser: String(v.loser.version), tie: v.tie });
    const [winner, loser] = [v.winner.model ?? PRODUCT_MODEL, v.loser.model ?? PRODUCT_MODEL];
    if (winner !== loser) models.push({ winner, loser, tie: v.tie });
  }
  return { versions, models };
}

/** GET /prompts/{id}/votes: win rates and ratings per version and per model. */
export async function ratingsOf(workspace: WorkspacePk, promptId: string, window?: { from: number; to: number }) {
  const all = await listVotes(workspace, promptId);
  const votes = window ? all.filter((v) => Date.parse(v.created_at) >= window.from && Date.parse(v.created_at) < window.to) : all;
  const { versions, models } = contests(votes);
  return {
    votes: votes.length,
    versions: rate(versions).map(({ id, ...r }) => ({ version: Number(id), ...r })),
    models: rate(models).map(({ id, ...r }) => ({ model: id, ...r })),
  };
}

/** POST /prompts/{id}/feedback: kept with its note, and counted on the version's thumbs. */
export async function giveFeedback(
  workspace: WorkspacePk,
  userId: string,
  prompt: PromptItem,
  input: { version: number; rating: 'up' | 'down'; note?: string },
): Promise<Omit<FeedbackItem, 'created_by'>> {
  if (input.version > versionOf(prompt)) throw new BadRequestError(`version ${input.version} is not a version of this prompt.`);
  const item: FeedbackItem = {
    id: newId(),
    version: input.version,
    rating: input.rating,
    note: input.note?.trim() || null,
    created_by: userId,
    created_at: new Date().toISOString(),
  };
  await putFeedback(workspace, prompt.id, item);
  recordUsage({ workspace, prompt_id: prompt.id, version: input.version, channel: 'workbench', kind: 'feedback', thumbs: input.rating });
  const { created_by: _, ...view } = item;
  return view;
}
