/**
 * Slugs: a prompt's stable name for code and AI tools (`/registry/prompts/<slug>`, MCP prompt
 * names). Lower-case letters of any script and digits, in words joined by single hyphens. Made
 * from the title (accents dropped where a base letter exists: 'Café' → 'cafe'; other scripts are
 * kept: '日本語のメール' stays), unique per workspace with a numeric suffix on collision.
 */
export const SLUG_MAX = 80;
const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

export const SLUG_MESSAGE = 'Slug must be lower-case letters or digits in words joined by hyphens (at most 80 characters).';

export function isSlug(value: string): boolean {
  return value.length > 0 && value.length <= SLUG_MAX && SLUG.test(value) && value === value.toLowerCase();
}

/** The slug a title suggests ('prompt' when the title has no letter or digit). */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX - 4) break; // room for a '-999' suffix
    slug = next;
  }
  if (!slug && words.length) slug = words[0]!.slice(0, SLUG_MAX - 4);
  // Scripts without a decomposed form read the same after NFC; Hangul and the like are recomposed.
  slug = slug.normalize('NFC');
  return isSlug(slug) ? slug : 'prompt';
}

/** `base`, then `base-2`, `base-3`, ...: the n-th candidate (n from 1). */
export const slugCandidate = (base: string, n: number) => (n <= 1 ? base : `${base}-${n}`);
