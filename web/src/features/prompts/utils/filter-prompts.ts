import type { Prompt } from '@shared/contract/prompts';
import { hasVariables } from '@shared/variables';

export interface PromptFilters {
  /** Free text, matched case-insensitively against title, body, tags (tasks, industries) or category name. */
  search: string;
  /** A category name (equality), or null for every category. */
  categoryName: string | null;
  favoritesOnly: boolean;
}

/** A prompt with what filtering and rendering need worked out once per list, not per keystroke. */
export interface IndexedPrompt {
  prompt: Prompt;
  title: string;
  body: string;
  /** Tasks, industries and the category name, lower-cased, one per line. */
  labels: string;
  hasVariables: boolean;
}

/**
 * Keyed by the prompt object: React Query keeps unchanged prompts identical across refetches and
 * optimistic updates, so their entries (and the memoised cards showing them) are reused.
 */
const indexCache = new WeakMap<Prompt, IndexedPrompt>();

export function indexPrompts(prompts: Prompt[]): IndexedPrompt[] {
  return prompts.map((prompt) => {
    let entry = indexCache.get(prompt);
    if (!entry) {
      const labels = [...prompt.tasks, ...prompt.industries, prompt.category_name ?? ''].join('\n').toLocaleLowerCase();
      entry = { prompt, title: prompt.title.toLocaleLowerCase(), body: prompt.body.toLocaleLowerCase(), labels, hasVariables: hasVariables(prompt.body) };
      indexCache.set(prompt, entry);
    }
    return entry;
  });
}

/**
 * docs/product.md, My Prompts: title or body contains the search (case-insensitive), and the category name
 * matches, and favourites only. The search also finds a prompt by its tags and category name.
 */
export function filterPrompts(indexed: IndexedPrompt[], { search, categoryName, favoritesOnly }: PromptFilters): IndexedPrompt[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle && categoryName === null && !favoritesOnly) return indexed;
  return indexed.filter(
    (item) =>
      (categoryName === null || item.prompt.category_name === categoryName) &&
      (!favoritesOnly || item.prompt.is_favorite) &&
      (!needle || item.title.includes(needle) || item.body.includes(needle) || item.labels.includes(needle)),
  );
}

export interface PromptStats {
  total: number;
  favorites: number;
  uncategorized: number;
}

export function promptStats(prompts: Prompt[]): PromptStats {
  let favorites = 0;
  let uncategorized = 0;
  for (const p of prompts) {
    if (p.is_favorite) favorites += 1;
    if (!p.category_id) uncategorized += 1;
  }
  return { total: prompts.length, favorites, uncategorized };
}

/** "1 prompt", "3 prompts". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
