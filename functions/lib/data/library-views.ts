import { contentView } from '@shared/chat';
import { type LibraryPrompt, type LibraryRatingSummary, TEASER_LENGTH } from '@shared/contract/library';
import { type Tier, tierAllows } from '@shared/tiers';
import { hasVariables } from '@shared/variables';
import { collator } from './collator';
import { allLibraryCategories, LIBRARY_SHARDS, type LibraryCategoryItem, type LibraryPromptItem } from './library';
import type { LibraryUse } from './library-use';
import { type PageRequest, searchedPage } from './paging';

/** The shapes library items are shown in: the public view per tier (what the snapshot stores) and the admin's rows. */
export const sortedDistinct = (values: Iterable<string>) => [...new Set(values)].sort(collator.compare);

export const teaser = (body: string) => (body.length > TEASER_LENGTH ? `${body.slice(0, TEASER_LENGTH)}…` : body);

/** How much a library prompt is used, as the snapshot shows it: saves, runs and its rating. */
export interface LibraryCounts {
  forks: number;
  runs: number;
  rating: LibraryRatingSummary | null;
}
const NO_COUNTS: LibraryCounts = { forks: 0, runs: 0, rating: null };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The rating a card shows: of the current revision, or of the latest earlier revision with ratings (`older_version`). */
export function ratingSummary(use: LibraryUse | undefined, revision: string): LibraryRatingSummary | null {
  const current = use?.ratings.get(revision);
  if (current && current.count > 0) return { average: round2(current.stars / current.count), count: current.count, older_version: false };
  const older = [...(use?.ratings ?? [])].filter(([r, sums]) => r < revision && sums.count > 0).sort(([a], [b]) => (a < b ? 1 : -1))[0];
  return older ? { average: round2(older[1].stars / older[1].count), count: older[1].count, older_version: true } : null;
}

/** A prompt's counts for the snapshot: its saves, runs and rating. */
export const countsOf = (item: LibraryPromptItem, forks: number, use: LibraryUse | undefined): LibraryCounts => ({
  forks,
  runs: use?.runs ?? 0,
  rating: ratingSummary(use, libraryRevision(item)),
});

/** A library prompt's revision: what forks compare and what ratings are for. */
export const libraryRevision = (item: Pick<LibraryPromptItem, 'updated_at' | 'created_at'>) => item.updated_at ?? item.created_at ?? '';

/** A prompt as a caller of `tier` may see it (`variables`: has_variables, when already known; `counts`: its saves, runs and rating). */
export function viewFor(
  item: LibraryPromptItem,
  tier: Tier,
  categories: ReadonlyMap<string, LibraryCategoryItem>,
  variables?: boolean,
  { forks, runs, rating }: LibraryCounts = NO_COUNTS,
): LibraryPrompt {
  const locked = !tierAllows(tier, item.access_tier);
  const category = item.category_id ? categories.get(item.category_id) : undefined;
  return {
    id: item.id,
    title: item.title,
    // Locked: an 80-character teaser of the body, never the messages or the settings.
    ...(locked ? { kind: item.kind ?? 'text', body: teaser(item.body) } : contentView(item)),
    category_id: category ? category.id : null,
    category_name: category ? category.name : null,
    tasks: item.tasks ?? [],
    industries: item.industries ?? [],
    access_tier: item.access_tier,
    locked,
    has_variables: variables ?? hasVariables(item.body),
    forks,
    runs,
    rating,
    created_at: item.created_at ?? '',
  };
}

/** A row of the admin Prompts tab. */
export function adminPromptRow(p: LibraryPromptItem, categories: ReadonlyMap<string, LibraryCategoryItem>) {
  const category = p.category_id ? categories.get(p.category_id) : undefined;
  return {
    id: p.id,
    title: p.title,
    category_id: category?.id ?? null,
    category_name: category?.name ?? null,
    owner_email: p.owner_email,
    access_tier: p.access_tier,
  };
}

/** A page of the admin Prompts tab, by id across the index shards (paging.ts; `search`: part of the title); the categories are one small partition. */
export async function adminPromptsPage(request: PageRequest) {
  const categories = await allLibraryCategories();
  return searchedPage(
    'library-prompts',
    request,
    {
      prefix: 'LIBRARY#',
      shards: LIBRARY_SHARDS,
      projection: ['type', 'id', 'title', 'category_id', 'owner_email', 'access_tier'],
      keep: (item) => item.type === 'library_prompt',
      searched: 'title',
    },
    (item) => adminPromptRow(item as unknown as LibraryPromptItem, categories),
  );
}

export function libraryCategoryRows(categories: ReadonlyMap<string, LibraryCategoryItem>, counts: Readonly<Record<string, number>>) {
  return [...categories.values()].map((c) => ({ id: c.id, name: c.name, prompt_count: counts[c.id] ?? 0 })).sort((a, b) => collator.compare(a.name, b.name));
}
