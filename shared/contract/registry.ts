import * as z from 'zod/mini';
import { VARIABLE_TYPES } from '../variables';
import { CompiledMessage, HISTORY_MAX, HistoryMessage, Messages, ModelConfig, PromptKind } from './chat';
import { contentFields, contentRule, Title } from './prompts';
import { LabelName } from './versions';

/** A variable of a registry prompt, as parsed from its body. */
export const RegistryVariable = z.object({
  type: z.enum(VARIABLE_TYPES),
  key: z.string(),
  default: z.optional(z.string()),
  choices: z.optional(z.array(z.string())),
});

/** GET /registry/prompts: the caller's prompts, by slug. `labels` maps each label to its version. */
export const RegistryListItem = z.object({
  slug: z.string(),
  title: z.string(),
  kind: PromptKind,
  description: z.string(),
  version: z.number(),
  labels: z.record(z.string(), z.number()),
  variables: z.array(RegistryVariable),
});
export const RegistryList = z.object({ prompts: z.array(RegistryListItem) });

/** GET /registry/prompts/{slug}'s query string: a label or a version (or neither: the latest). */
export const RegistryQuery = z
  .object({
    label: z.optional(LabelName.check(z.describe('A label pinned to a version, e.g. production'))),
    version: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'version must be a whole number of 1 or more.'), z.describe('A version number'))),
  })
  .check(z.refine((query) => query.label === undefined || query.version === undefined, 'Give a label or a version, not both.'));
export type RegistryQuery = z.infer<typeof RegistryQuery>;

/** GET /registry/prompts/{slug}: one version of a prompt (the latest unless a label or version is asked for). `labels`: those on this version. */
export const RegistryPrompt = z.object({
  slug: z.string(),
  title: z.string(),
  version: z.number(),
  labels: z.array(z.string()),
  kind: PromptKind,
  /** A text prompt's text; a chat prompt's messages as a readable transcript. */
  body: z.string(),
  /** Chat prompts: the messages, markers unfilled. */
  messages: z.optional(Messages),
  /** The model settings of this version (empty when none are set). */
  config: ModelConfig,
  variables: z.array(RegistryVariable),
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  updated_at: z.string(),
});
export type RegistryPrompt = z.infer<typeof RegistryPrompt>;

const History = z.array(HistoryMessage).check(z.maxLength(HISTORY_MAX, `history may have at most ${HISTORY_MAX} messages.`));

export const VERSION_MESSAGE = 'version must be a whole number of 1 or more.';
const Version = z.number().check(z.int(VERSION_MESSAGE), z.positive(VERSION_MESSAGE));

/** POST /registry/prompts/{slug}/compile. */
/** INPUT values by key, for a compile (the registry's, or a run of a saved version). */
export const CompileVariables = z.record(
  z.string().check(z.maxLength(200, 'Variable names must be at most 200 characters.')),
  z.string().check(z.maxLength(20_000, 'Each variable value must be at most 20000 characters.')),
);

export const CompileRequest = z.strictObject({
  /** INPUT values by key. */
  variables: z._default(CompileVariables, {}),
  label: z.optional(LabelName),
  version: z.optional(Version),
  /** Wrap in the global prefix and suffix (default true; a chat prompt's first system message). */
  directives: z.optional(z.boolean()),
  /**
   * Chat prompts: the conversation for the placeholders, one list for every placeholder or a list
   * per placeholder name. A placeholder without one is left out.
   */
  history: z.optional(z.union([History, z.record(z.string().check(z.maxLength(64, 'History is keyed by placeholder names.')), History)])),
});
export type CompileRequest = z.infer<typeof CompileRequest>;

/**
 * POST /registry/prompts/{slug}/versions (the CLI's push): a new version of the prompt's content
 * only (title, kind, body or messages, config; tags, category and labels stay), made from
 * `base_version`, the version the edit started from: 409 when the prompt has moved past it.
 */
export const PushRequest = z
  .strictObject({
    base_version: Version,
    title: z.optional(Title),
    ...contentFields,
  })
  .check(contentRule);
export type PushRequest = z.infer<typeof PushRequest>;

/** POST /registry/prompts/{slug}/evaluations (the CLI's eval): one column, a version or a label (neither: the latest version). */
export const RegistryEvaluationInput = z
  .strictObject({ version: z.optional(Version), label: z.optional(LabelName) })
  .check(z.refine((input) => input.label === undefined || input.version === undefined, 'Give a label or a version, not both.'));
export type RegistryEvaluationInput = z.infer<typeof RegistryEvaluationInput>;

/** The evaluation queued, with the gate it is judged by: the label's protection (min_pass_rate), or null when it has none. */
export const RegistryEvaluationCreated = z.object({
  id: z.string(),
  status: z.literal('queued'),
  version: z.number(),
  gate: z.nullable(z.object({ label: z.string(), min_pass_rate: z.number() })),
});
export type RegistryEvaluationCreated = z.infer<typeof RegistryEvaluationCreated>;

/** A text prompt compiled: its text (as before), with the version's model settings. */
export const CompiledText = z.object({ kind: z.literal('text'), text: z.string(), config: ModelConfig });
/** A chat prompt compiled: its messages filled, each placeholder replaced by the history (system, user and assistant only). */
export const CompiledChat = z.object({ kind: z.literal('chat'), messages: z.array(CompiledMessage), config: ModelConfig });
export const CompileResponse = z.union([CompiledText, CompiledChat]);
export type CompileResponse = z.infer<typeof CompileResponse>;

/** POST /prompts/{id}/share: the link (`<site>/s/<token>`). */
export const ShareLink = z.object({ token: z.string(), url: z.string() });

/** GET /shared/{token}: what anyone with the link sees. */
export const SharedPrompt = z.object({
  title: z.string(),
  kind: PromptKind,
  body: z.string(),
  messages: z.optional(Messages),
  config: ModelConfig,
  variables: z.array(RegistryVariable),
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  author_name: z.string(),
  updated_at: z.string(),
});
