import { createRequire } from 'node:module';
import type { RawBytePairRanks } from 'gpt-tokenizer/BytePairEncodingCore';
import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';

/**
 * The encoding's ranks (2.4 MB of JavaScript), read from node_modules on the first estimate and
 * never bundled: a plain require that esbuild cannot follow. Deployed functions whose bundle names
 * this module get it (with the package's package.json) beside their index.mjs (infra/constructs/
 * api-function.ts, `shipTokenRanks`), so a cold start parses none of it.
 */
export const TOKEN_RANKS_MODULE = 'gpt-tokenizer/bpeRanks/o200k_base';

let encoding: Promise<GptEncoding> | undefined;

/**
 * Token counts where the model gives none (docs/architecture.md, "Running a model"): the local
 * engine, and OpenAI-compatible servers that send no usage. Counted with OpenAI's o200k_base
 * encoding (gpt-tokenizer): exact for OpenAI's current models, an estimate for any other, so the
 * usage event says `estimated: true` and screens say so. The same encoding as
 * `gpt-tokenizer/encoding/o200k_base`, built from the same ranks.
 */
export async function estimateTokens(...texts: string[]): Promise<number[]> {
  encoding ??= loadEncoding();
  const { countTokens } = await encoding.catch((error: unknown) => {
    encoding = undefined;
    throw error;
  });
  return texts.map((text) => (text ? countTokens(text) : 0));
}

async function loadEncoding(): Promise<GptEncoding> {
  // The encoder's code (about 40 KB) is bundled, but evaluated only here.
  const { GptEncoding } = await import('gpt-tokenizer/GptEncoding');
  const ranks = (createRequire(import.meta.url)(TOKEN_RANKS_MODULE) as { default: RawBytePairRanks }).default;
  return GptEncoding.getEncodingApi('o200k_base', () => ranks);
}
