import * as z from 'zod/mini';
import { Messages, ModelConfig, PromptKind } from './chat';

/**
 * Version history and fork lineage.
 *
 * Every content save of a prompt (title, body or messages, model settings, tasks, industries) keeps the previous content as a
 * numbered version; `source` says where a version's content came from.
 */
export const VersionSource = z.union([
  z.object({ kind: z.literal('create') }),
  z.object({ kind: z.literal('edit') }),
  z.object({ kind: z.literal('enhance') }),
  z.object({ kind: z.literal('import') }),
  /** Copied or moved in from another workspace. */
  z.object({ kind: z.literal('copy') }),
  z.object({ kind: z.literal('restore'), version: z.number() }),
  z.object({ kind: z.literal('fork'), library_prompt_id: z.string() }),
  /** A library update pulled into a fork. */
  z.object({ kind: z.literal('library'), library_prompt_id: z.string() }),
]);
export type VersionSource = z.infer<typeof VersionSource>;

/** What PUT /prompts/{id} may say about where the saved content came from (default 'edit'). */
export const SAVE_SOURCES = ['edit', 'enhance'] as const;
export const SaveSource = z.enum(SAVE_SOURCES, "source must be 'edit' or 'enhance'.");

/** Labels per prompt. */
export const LABELS_MAX = 20;
export const LABEL_MESSAGE = 'A label is 1 to 40 lower-case letters, digits, hyphens or underscores, starting with a letter or digit (not "latest").';
/** `production`, `staging` or any lower-case name; `latest` means the current version and cannot be pinned. */
export const LabelName = z.string().check(z.refine((l: string) => /^[a-z0-9][a-z0-9_-]{0,39}$/.test(l) && l !== 'latest', LABEL_MESSAGE));
/** PUT /prompts/{id}/labels/{label}. */
export const LabelInput = z.strictObject({
  version: z.number().check(z.int('version must be a whole number.'), z.positive('version must be 1 or more.')),
  /** An owner moves a protected label past a failing gate; the label's history records it. */
  force: z.optional(z.boolean('force must be true or false.')),
});
export const LabelsAnswer = z.object({ labels: z.record(z.string(), z.number()) });

/** Versions kept per prompt, the current one included; the oldest is dropped beyond it (labelled ones stay). */
export const VERSIONS_MAX = 50;

export const PromptVersion = z.object({
  version: z.number(),
  title: z.string(),
  kind: PromptKind,
  body: z.string(),
  messages: z.optional(Messages),
  config: ModelConfig,
  tasks: z.array(z.string()),
  industries: z.array(z.string()),
  /** When this version was saved. */
  saved_at: z.string(),
  source: VersionSource,
  /** Who saved this content (left out on versions saved before authors were recorded). */
  by: z.optional(z.object({ name: z.string() })),
  current: z.boolean(),
  /** The labels pinned to this version (left out when there is none). */
  labels: z.optional(z.array(z.string())),
});
export type PromptVersion = z.infer<typeof PromptVersion>;

/** GET /prompts/{id}/versions: newest first, the current version first. */
export const VersionList = z.object({ versions: z.array(PromptVersion) });
export type VersionList = z.infer<typeof VersionList>;

/** GET /prompts/{id}/library-update: a fork's content next to its library original's. */
export const LibraryUpdate = z.object({
  prompt: z.object({
    title: z.string(),
    kind: PromptKind,
    body: z.string(),
    messages: z.optional(Messages),
    config: ModelConfig,
  }),
  library: z.object({
    id: z.string(),
    title: z.string(),
    kind: PromptKind,
    body: z.string(),
    messages: z.optional(Messages),
    config: ModelConfig,
    tasks: z.array(z.string()),
    industries: z.array(z.string()),
    updated_at: z.string(),
  }),
  /** The original changed since the fork, the last pull or the last dismiss. */
  changed: z.boolean(),
});
export type LibraryUpdate = z.infer<typeof LibraryUpdate>;
