import { type LibraryPrompt, TEASER_LENGTH } from '@shared/contract/library';
import { type Tier, tierAllows } from '@shared/tiers';
import { hasVariables } from '@shared/variables';
import { collator } from './collator';
import type { LibraryCategoryItem, LibraryPromptItem } from './library';

/** The public shape of library prompts (what the snapshot stores per tier) and their order. */
export const sortedDistinct = (values: Iterable<string>) => [...new Set(values)].sort(collator.compare);

export const teaser = (body: string) => (body.length > TEASER_LENGTH ? `${body.slice(0, TEASER_LENGTH)}…` : body);

/** A prompt as a caller of `tier` may see it (`variables`: has_variables, when already known; `forks`: its fork count). */
export function viewFor(
  item: LibraryPromptItem,
  tier: Tier,
  categories: ReadonlyMap<string, LibraryCategoryItem>,
  variables?: boolean,
  forks = 0,
): LibraryPrompt {
  const locked = !tierAllows(tier, item.access_tier);
  const category = item.category_id ? categories.get(item.category_id) : undefined;
  return {
    id: item.id,
    title: item.title,
    body: locked ? teaser(item.body) : item.body,
    category_id: category ? category.id : null,
    category_name: category ? category.name : null,
    tasks: item.tasks ?? [],
    industries: item.industries ?? [],
    access_tier: item.access_tier,
    locked,
    has_variables: variables ?? hasVariables(item.body),
    forks,
    created_at: item.created_at ?? '',
  };
}
