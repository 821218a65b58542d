/**
 * Estimated cost of a model call: list prices per million tokens, in US dollars, kept in the repo
 * so an estimate never needs a provider's billing API. A model not listed (the local engine, a
 * self-hosted model behind an OpenAI-compatible connection) costs nothing here.
 *
 * PRICES_AS_OF is when the table was last copied from the providers' pricing pages
 * (PRICE_SOURCES); prices change, so update both together. A model is matched by its name or the
 * longest listed prefix (`gpt-4.1-mini-2025-04-14` is `gpt-4.1-mini`).
 */
export const PRICES_AS_OF = '2026-11-26';
export const PRICE_SOURCES = ['https://openai.com/api/pricing/', 'https://www.anthropic.com/pricing#api'] as const;

/** [input, output] dollars per million tokens. */
export const PRICES_PER_MILLION: Record<string, readonly [number, number]> = {
  'gpt-4.1': [2, 8],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1-nano': [0.1, 0.4],
  'gpt-4o': [2.5, 10],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-5': [1.25, 10],
  'gpt-5-mini': [0.25, 2],
  'gpt-5-nano': [0.05, 0.4],
  o3: [2, 8],
  'o4-mini': [1.1, 4.4],
  'claude-opus-4': [15, 75],
  'claude-sonnet-4': [3, 15],
  'claude-3-7-sonnet': [3, 15],
  'claude-3-5-haiku': [0.8, 4],
  'claude-haiku-4-5': [1, 5],
  'claude-sonnet-4-5': [3, 15],
};

/** The listed price of a model (exact name, else the longest listed prefix), or null. */
export function priceOf(model: string | undefined | null): readonly [number, number] | null {
  if (!model) return null;
  const name = model.toLowerCase();
  if (PRICES_PER_MILLION[name]) return PRICES_PER_MILLION[name];
  let best: string | null = null;
  for (const listed of Object.keys(PRICES_PER_MILLION)) if (name.startsWith(`${listed}-`) && (!best || listed.length > best.length)) best = listed;
  return best ? PRICES_PER_MILLION[best]! : null;
}

/** Estimated cost in millionths of a dollar (a whole number, so counters add exactly); 0 for an unlisted model. */
export function costMicros(model: string | undefined | null, tokensIn: number, tokensOut: number): number {
  const price = priceOf(model);
  if (!price) return 0;
  return Math.round(tokensIn * price[0] + tokensOut * price[1]);
}
