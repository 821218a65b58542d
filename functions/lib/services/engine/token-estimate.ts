/**
 * Token counts where the model gives none (docs/architecture.md, "Running a model"): the local
 * engine, and OpenAI-compatible servers that send no usage. Counted with OpenAI's o200k_base
 * encoding (gpt-tokenizer): exact for OpenAI's current models, an estimate for any other, so the
 * usage event says `estimated: true` and screens say so. The encoding (2.4 MB of ranks) is
 * loaded on the first count, not with the function: runs that get a usage never pay for it.
 */
export async function estimateTokens(...texts: string[]): Promise<number[]> {
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  return texts.map((text) => (text ? countTokens(text) : 0));
}
