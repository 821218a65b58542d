/**
 * The one comparison for names, titles and filter values sorted for people: base sensitivity
 * ('a' = 'A' = 'á'). A shared collator is about 100 times faster than `localeCompare` with
 * options, which builds a collator on every comparison (1.4 ms to sort 50 snippet names, on every
 * compile that reads them).
 */
export const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
