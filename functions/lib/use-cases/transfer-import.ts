import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { bodyOf, storedContent } from '@shared/chat';
import type { ChatMessage, PromptKind } from '@shared/contract/chat';
import { EXAMPLES_PER_PROMPT } from '@shared/contract/suite';
import {
  type DuplicateReason,
  EXPORT_FORMAT,
  type ExportedPrompt,
  type ImportPreview,
  type ImportResult,
  NOT_AN_EXPORT,
  PromptsDocument,
} from '@shared/contract/transfer';
import { slugify } from '@shared/slugs';
import { type LimitKind, limitFor } from '@shared/tiers';
import { CATEGORY, type CategoryItem } from '../data/category';
import { COUNTERS } from '../data/limits';
import { namedPuts, nameKey } from '../data/named-items';
import { contentOf, type PromptContent, type PromptItem, promptPut, versionParts } from '../data/prompt';
import { retry } from '../data/retry';
import { freeSlug, slugParts } from '../data/slugs';
import { failing, type Part, transact } from '../data/transactions';
import { holderParts, readHolder, type WorkspaceRef } from '../data/workspace';
import { loadWorkspace, type Workspace } from '../data/workspace-read';
import { BadRequestError, ConflictError, type FieldError, ForbiddenError } from '../http/errors';
import { checkConfigSchemas } from '../services/json-schema';
import { checkSuite, dropUnwrittenSuite, suiteCounters, writeSuiteFirst } from './suite-copy';

/**
 * Import of My Prompts from an export document (transfer-export.ts). Rules:
 * - The whole document is validated first; any problem → 400 listing the first problems with
 *   their positions, and nothing is written.
 * - A prompt is a duplicate, and skipped, when its title (trimmed, case-insensitive) and body
 *   (trimmed, case-sensitive) equal those of a prompt already in the workspace or of an earlier
 *   prompt in the same file.
 * - Categories are matched to existing ones by name, trimmed and case-insensitive (the rule of the
 *   category name claims); every category of the file that is missing is created, with a name
 *   claim, so concurrent creates never end with one name twice.
 * - Plan limits: new prompts and new categories must fit in what the plan has left, or 403 and
 *   nothing is written. The writes claim their slots in the same transactions as the items
 *   (`used <= limit - n`), so concurrent imports and creates can never pass a limit together.
 * - Writes go in transactions of at most 100 items (a prompt is two: the prompt and its slug claim,
 *   slugs made from the titles, free among the workspace's); a free plan's whole import fits in one
 *   transaction, so it is all or nothing. Larger imports (a pro plan near its limit, unlimited
 *   plans) take several; if one fails after earlier ones landed, the answer says how
 *   many prompts were created and how many were not, and importing the same file again adds just
 *   the rest (what landed is skipped as duplicates).
 */

const MAX_REPORTED = 20;

/** `['prompts', 3, 'title']` → `prompts[3].title`. */
export function position(path: readonly PropertyKey[]): string {
  return path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key)), '');
}

/** A schema issue as a field and a sentence naming its position. */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): FieldError {
  const field = position(issue.path);
  const at = field || 'The file';
  if (issue.code === 'unrecognized_keys') return { field, message: `${at}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}.` };
  if (issue.path.length && valueAt(input, issue.path) === undefined) return { field, message: `${at} is required.` };
  if (issue.message !== 'Invalid input') return { field, message: `${at}: ${issue.message}` };
  if (issue.code === 'invalid_type') return { field, message: `${at} must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.` };
  return { field, message: `${at} is invalid.` };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

type Checked = { document: PromptsDocument; problems?: undefined; total?: undefined } | { document?: undefined; problems: FieldError[]; total: number };

/** The parsed document, or its first problems (at most 20) with their positions and how many there are. */
export function checkDocument(input: unknown): Checked {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || (input as { format?: unknown }).format !== EXPORT_FORMAT) {
    return { problems: [{ field: 'format', message: NOT_AN_EXPORT }], total: 1 };
  }
  const result = PromptsDocument.safeParse(input);
  if (result.success) return { document: result.data };
  const issues = result.error.issues;
  return { problems: issues.slice(0, MAX_REPORTED).map((issue) => describeIssue(issue, input)), total: issues.length };
}

/** The document, or a 400 naming the first problem and how many more there are (`errors` lists the first 20). */
export function parseDocument(input: unknown): PromptsDocument {
  const checked = checkDocument(input);
  if (checked.document) {
    // The model settings' schemas are JSON Schema (Ajv), each named by its position.
    checked.document.prompts.forEach((p, i) => {
      try {
        checkConfigSchemas(p.config, `prompts[${i}].config`);
      } catch (error) {
        if (error instanceof BadRequestError) throw new BadRequestError(`This file cannot be imported: prompts[${i}]: ${error.detail}`, error.errors);
        throw error;
      }
      try {
        checkSuite(p, p, `prompts[${i}]`);
      } catch (error) {
        if (error instanceof BadRequestError) throw new BadRequestError(`This file cannot be imported: ${error.detail}`);
        throw error;
      }
    });
    return checked.document;
  }
  const first = checked.problems[0]!;
  if (first.message === NOT_AN_EXPORT) throw new BadRequestError(NOT_AN_EXPORT);
  const more = checked.total - 1;
  const tail = more ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : '';
  throw new BadRequestError(`This file cannot be imported: ${first.message}${tail}`, checked.problems);
}

// ---- planning -------------------------------------------------------------------------------------

/** The duplicate rule: title trimmed and case-insensitive, body trimmed. */
export const duplicateKey = (p: { title: string; kind?: PromptKind; body?: string; messages?: ChatMessage[] }) =>
  `${p.title.trim().toLowerCase()}\u0000${bodyOf(p).trim()}`;

/**
 * A prompt to import. Beyond an export's fields, an import from elsewhere (openai-import.ts) may
 * bring the earlier versions (oldest first; the prompt's own content is the newest) and labels.
 */
export type ImportingPrompt = ExportedPrompt & { history?: PromptContent[]; labels?: Record<string, number> };
export type ImportingDocument = Omit<PromptsDocument, 'prompts'> & { prompts: ImportingPrompt[] };

export interface ImportPlan {
  /** Prompts to create, in file order, with the category name key they go into. */
  create: { prompt: ImportingPrompt; category: string | null }[];
  duplicates: { title: string; reason: DuplicateReason }[];
  /** New category names, as first spelt in the file. */
  categoriesToCreate: string[];
  /** Existing categories by name key. */
  existing: Map<string, CategoryItem>;
  /** Slugs the workspace's prompts have: new prompts take free ones (a race re-plans). */
  slugs: Set<string>;
}

/** What importing `document` into `workspace` would do (pure). */
export function planImport(document: ImportingDocument, workspace: Pick<Workspace, 'prompts' | 'categories'>): ImportPlan {
  const existing = new Map<string, CategoryItem>();
  for (const c of workspace.categories) if (!existing.has(nameKey(c.name))) existing.set(nameKey(c.name), c);
  const known = new Set(workspace.prompts.map(duplicateKey));
  const seen = new Set<string>();
  const slugs = new Set(workspace.prompts.flatMap((p) => (p.slug ? [p.slug] : [])));
  const plan: ImportPlan = { create: [], duplicates: [], categoriesToCreate: [], existing, slugs };

  const newNames = new Map<string, string>();
  const want = (name: string | null) => {
    if (!name) return null;
    const key = nameKey(name);
    if (!existing.has(key) && !newNames.has(key)) newNames.set(key, name.trim());
    return key;
  };
  for (const c of document.categories) want(c.name);
  for (const prompt of document.prompts) {
    const key = duplicateKey(prompt);
    if (known.has(key)) plan.duplicates.push({ title: prompt.title, reason: 'in_workspace' });
    else if (seen.has(key)) plan.duplicates.push({ title: prompt.title, reason: 'in_file' });
    else {
      seen.add(key);
      plan.create.push({ prompt, category: want(prompt.category) });
    }
  }
  plan.categoriesToCreate = [...newNames.values()];
  return plan;
}

/** The display name of a plan entry's category: the existing spelling, or the file's. */
function categoryName(plan: ImportPlan, key: string | null): string | null {
  if (!key) return null;
  return plan.existing.get(key)?.name ?? plan.categoriesToCreate.find((n) => nameKey(n) === key) ?? null;
}

const plural = (n: number, one: string, many: string) => `${n} new ${n === 1 ? one : many}`;

/** What an import's limits are checked against: the workspace's plan and its counters as read. */
type Counted = Pick<WorkspaceRef, 'tier' | 'holderItem'>;

/** Whether the plan fits what the workspace's plan has left; the counters are the ones the writes check. */
export function limitCheck(workspace: Counted, plan: Pick<ImportPlan, 'create' | 'categoriesToCreate'>): { allowed: boolean; detail?: string } {
  const checks: [LimitKind, number, string, string][] = [
    ['max_prompts', plan.create.length, 'prompt', 'prompts'],
    ['max_categories', plan.categoriesToCreate.length, 'category', 'categories'],
  ];
  for (const [kind, wanted, one, many] of checks) {
    const limit = limitFor(workspace.tier, kind);
    if (limit === null || wanted === 0) continue;
    const used = Number(workspace.holderItem[COUNTERS[kind]] ?? 0);
    const left = Math.max(0, limit - used);
    if (wanted <= left) continue;
    const detail =
      left === 0
        ? `This file has ${plural(wanted, one, many)} but you have reached your limit of ${limit} ${many}. Please upgrade your plan.`
        : `This file has ${plural(wanted, one, many)} but your plan allows ${left} more. Please upgrade your plan or import a smaller file.`;
    return { allowed: false, detail };
  }
  const perPrompt = EXAMPLES_PER_PROMPT[workspace.tier];
  const over = plan.create.find((c) => (c.prompt.examples?.length ?? 0) > perPrompt)?.prompt;
  if (over)
    return {
      allowed: false,
      detail: `"${over.title}" has ${over.examples!.length} examples but your plan allows ${perPrompt} per prompt. Please upgrade your plan or import fewer examples.`,
    };
  return { allowed: true };
}

export function preview(workspace: Counted, plan: ImportPlan): ImportPreview {
  return {
    dry_run: true,
    create: plan.create.map((c) => ({ title: c.prompt.title, category: categoryName(plan, c.category) })),
    duplicates: plan.duplicates,
    categories_to_create: plan.categoriesToCreate,
    limit: limitCheck(workspace, plan),
  };
}

// ---- writing --------------------------------------------------------------------------------------

/** DynamoDB's largest transaction. */
const TRANSACTION_ITEMS = 100;

/** A write that lost to a concurrent request: a plan slot or a category name taken meanwhile. */
class Raced extends Error {}

interface Unit {
  kind: 'max_categories' | 'max_prompts';
  prompt?: PromptItem;
  /** The file's prompt, for its suite. */
  source?: ImportingPrompt;
  items: Part[];
}

/** Category units (claim + item) first, then prompts, packed into transactions with their slot claims. */
function chunks(units: Unit[]): Unit[][] {
  const out: Unit[][] = [];
  let current: Unit[] = [];
  let size = 0;
  for (const unit of units) {
    // One more item per transaction: the user item's slot claims.
    if (current.length && size + unit.items.length + 1 > TRANSACTION_ITEMS) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(unit);
    size += unit.items.length;
  }
  if (current.length) out.push(current);
  return out;
}

/** Writes a plan; `landed` hears of every transaction that succeeded, with the prompts it created. */
async function writePlan(workspace: WorkspaceRef, plan: ImportPlan, landed: (prompts: PromptItem[], categories: number) => void): Promise<void> {
  const started = Date.now();
  const now = new Date(started).toISOString();
  const ids = new Map([...plan.existing].map(([key, c]) => [key, c.id]));
  const units: Unit[] = plan.categoriesToCreate.map((name) => {
    const category: CategoryItem = { id: randomUUID(), name, created_at: now };
    ids.set(nameKey(name), category.id);
    return { kind: 'max_categories', items: namedPuts(CATEGORY, workspace.pk, { ...category }) };
  });
  plan.create.forEach(({ prompt: p, category }, index) => {
    // Without dates, a millisecond apart in file order (newest first, as exports list them), so the list keeps that order.
    const created_at = p.created_at ?? new Date(started - index).toISOString();
    const slug = freeSlug(slugify(p.title), plan.slugs);
    plan.slugs.add(slug);
    const item: PromptItem = {
      id: randomUUID(),
      slug,
      title: p.title,
      ...storedContent(p),
      // A category deleted while the import runs reads as uncategorised, as after any category delete.
      category_id: category ? (ids.get(category) ?? null) : null,
      is_favorite: p.is_favorite,
      tasks: p.tasks,
      industries: p.industries,
      created_at,
      updated_at: p.updated_at ?? created_at,
      version: (p.history?.length ?? 0) + 1,
      version_source: { kind: 'import' },
      version_by: workspace.author,
      ...(p.labels ? { labels: p.labels, labels_rev: 1 } : {}),
      ...suiteCounters(p),
    };
    const source = { kind: 'import' } as const;
    const earlier = (p.history ?? []).map((content, i) =>
      versionParts.put(workspace.pk, { prompt_id: item.id, version: i + 1, ...contentOf(content), saved_at: created_at, source, by: workspace.author }),
    );
    units.push({
      kind: 'max_prompts',
      prompt: item,
      source: p,
      items: [promptPut(workspace.pk, item), slugParts.claim(workspace.pk, slug, item.id), ...earlier],
    });
  });

  for (const chunk of chunks(units)) {
    const categories = chunk.filter((u) => u.kind === 'max_categories').length;
    const prompts = chunk.length - categories;
    const counts = { ...(categories ? { max_categories: categories } : {}), ...(prompts ? { max_prompts: prompts } : {}) };
    // Each new prompt's checks and examples first, under its new id (the limit was checked with the
    // plan's): the prompt's transaction then lands whole with them or not at all (a re-import skips
    // only complete prompts as duplicates).
    const suites = chunk.filter((u) => u.prompt && u.source);
    try {
      await Promise.all(suites.map((u) => writeSuiteFirst(workspace.pk, u.prompt!.id, checkSuite(u.source!, u.source!, ''), u.source!.examples)));
      // Any failed condition is a race: a slot claim (limit reached meanwhile) or a name claim (taken meanwhile).
      await transact([holderParts.claimSlots(workspace, counts), ...chunk.flatMap((u) => u.items)].map((part) => failing(part, () => new Raced())));
    } catch (error) {
      await Promise.all(suites.map((u) => dropUnwrittenSuite(workspace.pk, u.prompt!.id)));
      throw error;
    }
    landed(
      chunk.flatMap((u) => (u.prompt ? [u.prompt] : [])),
      categories,
    );
  }
}

const ATTEMPTS = 3;

/**
 * The real import (`made` gets the prompts created). A race (a slot or a category name taken by a concurrent request) re-plans from
 * the workspace as it now is: what already landed counts as duplicates then, so nothing is
 * written twice, and the limit check sees the new counters.
 */
export async function runImport(workspace: WorkspaceRef, document: ImportingDocument, made: PromptItem[] = []): Promise<ImportResult> {
  let created = 0;
  let categoriesCreated = 0;
  let duplicates: number | undefined;
  const result = (extra: Partial<ImportResult> = {}): ImportResult => ({
    dry_run: false,
    created,
    duplicates: duplicates ?? 0,
    categories_created: categoriesCreated,
    ...extra,
  });
  const partial = (remaining: number, reason: string) =>
    result({ not_imported: remaining, detail: `${created} of ${created + remaining} new prompts were imported; ${reason}` });

  // A lost race (Raced) reads the workspace again and plans what is left, while attempts remain.
  return retry({ attempts: ATTEMPTS, retryOn: (error) => error instanceof Raced }, async (attempt) => {
    // The counters as they are now (a retry follows a write that moved them).
    const [holderItem, content] = await Promise.all([readHolder(workspace), loadWorkspace(workspace.pk)]);
    if (!holderItem) throw new ForbiddenError(workspace.team ? 'This team no longer exists.' : 'Your account no longer exists.');
    const plan = planImport(document, content);
    duplicates ??= plan.duplicates.length;
    const limit = limitCheck({ tier: workspace.tier, holderItem }, plan);
    if (!limit.allowed) {
      if (!created && !categoriesCreated) throw new ForbiddenError(limit.detail!);
      return partial(plan.create.length, `another change reached your plan's limit meanwhile. ${limit.detail}`);
    }
    let createdNow = 0;
    try {
      await writePlan(workspace, plan, (prompts, categories) => {
        made.push(...prompts);
        createdNow += prompts.length;
        created += prompts.length;
        categoriesCreated += categories;
      });
      return result();
    } catch (error) {
      if (error instanceof Raced && attempt < ATTEMPTS) throw error;
      if (!created && !categoriesCreated) {
        if (error instanceof Raced) throw new ConflictError('Another request changed your prompts at the same time. Please try again.');
        throw error;
      }
      return partial(
        plan.create.length - createdNow,
        'the rest could not be written. Import the same file again to add them: prompts already imported are skipped as duplicates.',
      );
    }
  });
}
