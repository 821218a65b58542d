import { contentView } from '@shared/chat';
import type { Category, Prompt } from '@shared/contract/prompts';
import { type CategoryItem, categoryName, categoryNames } from './category';
import { collator } from './collator';
import { queryAll } from './db';
import { VERSIONS_SK, type WorkspacePk } from './keys';
import type { PromptItem } from './prompt';

/**
 * The workspace read: a user's prompts and categories (and the partition's other items) in one
 * Query, and the public views of prompts and categories the routes answer with. Each entity's
 * writes live in its own module: prompt.ts (with versions.ts and labels.ts), category.ts,
 * context.ts (snippets, directives, PROFILE).
 */
export interface Workspace {
  prompts: PromptItem[];
  categories: CategoryItem[];
  /** Every other item of the partition (snippets, profile...), by type, for later features. */
  items: Record<string, unknown>[];
}

/** Access pattern: a user's whole workspace in one Query (paged past 1 MB), without version history (keys.ts). */
export async function loadWorkspace(workspace: WorkspacePk): Promise<Workspace> {
  const content: Workspace = { prompts: [], categories: [], items: [] };
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk < :versions',
    ExpressionAttributeValues: { ':pk': workspace, ':versions': VERSIONS_SK },
  });
  for (const item of items) {
    if (item.type === 'prompt') content.prompts.push(item as unknown as PromptItem);
    else if (item.type === 'category') content.categories.push(item as unknown as CategoryItem);
    else content.items.push(item);
  }
  return content;
}

/** Public prompt shapes with category names resolved; a missing category reads as uncategorised. */
export function toPrompts(workspace: Pick<Workspace, 'prompts' | 'categories'>): Prompt[] {
  const names = new Map(workspace.categories.map((c) => [c.id, c.name]));
  return workspace.prompts.map((p) => toPrompt(p, names)).sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

export function toCategories(workspace: Pick<Workspace, 'prompts' | 'categories'>): Category[] {
  const counts = new Map<string, number>();
  for (const p of workspace.prompts) if (p.category_id) counts.set(p.category_id, (counts.get(p.category_id) ?? 0) + 1);
  return workspace.categories.map((c) => ({ id: c.id, name: c.name, prompt_count: counts.get(c.id) ?? 0 })).sort((a, b) => collator.compare(a.name, b.name));
}

/** Distinct tasks and industries across prompts, sorted, for the filter lists. */
export function collectFilters(prompts: Pick<PromptItem, 'tasks' | 'industries'>[]) {
  const tasks = new Set<string>();
  const industries = new Set<string>();
  for (const p of prompts) {
    for (const t of p.tasks ?? []) tasks.add(t);
    for (const i of p.industries ?? []) industries.add(i);
  }
  const sorted = (s: Set<string>) => [...s].sort(collator.compare);
  return { tasks: sorted(tasks), industries: sorted(industries) };
}

export function toPrompt(p: PromptItem, names: Map<string, string>): Prompt {
  const category_name = (p.category_id && names.get(p.category_id)) || null;
  return {
    id: p.id,
    title: p.title,
    ...contentView(p),
    category_id: category_name ? p.category_id : null,
    category_name,
    is_favorite: Boolean(p.is_favorite),
    tasks: p.tasks ?? [],
    industries: p.industries ?? [],
    created_at: p.created_at,
    updated_at: p.updated_at,
    ...(p.forked_from ? { forked_from: p.forked_from } : {}),
    version: p.version ?? 1,
    slug: p.slug ?? '',
    labels: p.labels ?? {},
    ...(p.label_protection && Object.keys(p.label_protection).length ? { label_protection: p.label_protection } : {}),
  };
}

/** The public shape of one prompt as just written, with its category's name (one GetItem). */
export async function promptView(workspace: WorkspacePk, prompt: PromptItem, extra: Partial<Prompt> = {}): Promise<Prompt> {
  return { ...toPrompt(prompt, categoryNames(prompt.category_id, await categoryName(workspace, prompt.category_id))), ...extra };
}

/**
 * The public shape of the prompt a write returns, for writes that keep the category (a restore, a
 * pull): its name is read alongside the write, from the category of the prompt as read before it,
 * so the answer costs no round trip of its own. Should a concurrent save have moved the prompt to
 * another category meanwhile, that one's name is read after.
 */
export async function promptViewAlongside(
  workspace: WorkspacePk,
  read: PromptItem | null,
  write: Promise<PromptItem>,
  extra: Partial<Prompt> = {},
): Promise<Prompt> {
  const categoryId = read?.category_id ?? null;
  const [prompt, name] = await Promise.all([write, categoryName(workspace, categoryId)]);
  if ((prompt.category_id ?? null) !== categoryId) return promptView(workspace, prompt, extra);
  return { ...toPrompt(prompt, categoryNames(categoryId, name)), ...extra };
}
