import * as z from 'zod/mini';
import { CategoryName, contentFields, contentRule, PromptInput, Title } from './prompts';
import { ChecksInput, EXAMPLES_PER_PROMPT, ExportedExample } from './suite';

/**
 * Import and export of My Prompts. The export document is account-agnostic: no
 * ids, categories by name, so a file exported from one account imports into any other. Imported
 * prompts obey the same field rules as POST /prompts/ (the schemas are reused from prompts.ts).
 */
export const EXPORT_FORMAT = 'construct.prompts';
export const EXPORT_VERSION = 1;
/** Most prompts one file may carry; larger workspaces export fine but import in parts. */
export const IMPORT_MAX_PROMPTS = 1000;
export const IMPORT_MAX_CATEGORIES = 1000;
/** Largest import request body (the route's own limit; API Gateway allows 10 MB, Lambda 6 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const EXPORT_FORMATS = ['json', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /prompts/export's query string. */
export const ExportQuery = z.object({
  format: z.optional(z.enum(EXPORT_FORMATS, "format must be 'json' or 'markdown'.").check(z.describe("'json' (default) or 'markdown'"))),
});

export const NOT_AN_EXPORT = 'This is not a Construct prompts export.';

const Timestamp = z.iso.datetime({ message: 'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00.000Z.' });

export const ExportedCategory = z.strictObject({ name: CategoryName });
export type ExportedCategory = z.infer<typeof ExportedCategory>;

export const ExportedPrompt = z
  .strictObject({
    title: Title,
    /** `kind`, a text prompt's `body` or a chat prompt's `messages`, and `config`: as POST /prompts/ takes them. */
    ...contentFields,
    /** The category's name; null (or absent) is uncategorised. */
    category: z._default(z.nullable(CategoryName), null),
    tasks: PromptInput.shape.tasks,
    industries: PromptInput.shape.industries,
    is_favorite: z._default(z.boolean(), false),
    /** Its test suite (issue 29): the checks as PUT /prompts/{id}/checks takes them, the examples oldest first. */
    checks: z.optional(ChecksInput.shape.checks),
    examples: z.optional(
      z.array(ExportedExample).check(z.maxLength(EXAMPLES_PER_PROMPT.elite, `A prompt has at most ${EXAMPLES_PER_PROMPT.elite} examples on any plan.`)),
    ),
    /** Kept on import when present, so the list keeps its order; now when absent. */
    created_at: z.optional(Timestamp),
    updated_at: z.optional(Timestamp),
  })
  .check(contentRule);
export type ExportedPrompt = z.infer<typeof ExportedPrompt>;

/** GET /prompts/export?format=json, and the `document` of POST /prompts/import. */
export const PromptsDocument = z.strictObject({
  format: z.literal(EXPORT_FORMAT, NOT_AN_EXPORT),
  version: z.literal(EXPORT_VERSION, `Only version ${EXPORT_VERSION} exports can be imported.`),
  exported_at: z.optional(z.string()),
  categories: z._default(
    z.array(ExportedCategory).check(z.maxLength(IMPORT_MAX_CATEGORIES, `A file may have at most ${IMPORT_MAX_CATEGORIES} categories.`)),
    [],
  ),
  prompts: z
    .array(ExportedPrompt)
    .check(z.maxLength(IMPORT_MAX_PROMPTS, `A file may have at most ${IMPORT_MAX_PROMPTS} prompts. Please split it into smaller files.`)),
});
export type PromptsDocument = z.infer<typeof PromptsDocument>;
export type PromptsDocumentInput = z.input<typeof PromptsDocument>;

/** POST /prompts/import: the export document, and whether to only preview what would happen. */
export const ImportRequest = z.strictObject({
  document: PromptsDocument,
  dry_run: z._default(z.boolean(), false),
});

/**
 * The envelope the handler parses first; the document inside is then checked on its own, so its
 * problems are reported with their positions ("prompts[3].title: ...").
 */
export const ImportEnvelope = z.strictObject({
  document: z.unknown().check(z.refine((d) => d !== undefined, 'document is required.')),
  dry_run: z._default(z.boolean(), false),
});

/** Why a prompt of the file is skipped: same title and body as one already in the workspace, or as an earlier one in the file. */
export const DUPLICATE_REASONS = ['in_workspace', 'in_file'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** `dry_run: true`: what the import would do; nothing is written. */
export const ImportPreview = z.object({
  dry_run: z.literal(true),
  create: z.array(z.object({ title: z.string(), category: z.nullable(z.string()) })),
  duplicates: z.array(z.object({ title: z.string(), reason: z.enum(DUPLICATE_REASONS) })),
  categories_to_create: z.array(z.string()),
  limit: z.object({ allowed: z.boolean(), detail: z.optional(z.string()) }),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/**
 * The real import (201 when something was created, else 200). `not_imported` and `detail` appear
 * only when a write failed after earlier parts had landed (see functions/lib/use-cases/transfer-import.ts): what
 * was created stays, and the counts say exactly how much.
 */
export const ImportResult = z.object({
  dry_run: z.literal(false),
  created: z.number(),
  duplicates: z.number(),
  categories_created: z.number(),
  not_imported: z.optional(z.number()),
  detail: z.optional(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ImportResponse = z.union([ImportPreview, ImportResult]);

/** `construct-prompts-2026-01-31.json` / `.md`. */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `construct-prompts-${at.toISOString().slice(0, 10)}.${format === 'json' ? 'json' : 'md'}`;
}
