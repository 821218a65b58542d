import { CONTENT_EXTRAS, mayBeTranscript } from '@shared/chat';
import { batchGet } from './db';

/**
 * A chat library prompt's messages and settings are not in the library index's projection (gsi2
 * keeps what lists show; a projection cannot change on a deployed index). Every chat prompt's body
 * is its transcript, which starts with a role line, so only prompts whose body could be one are
 * read whole (BatchGet, 100 at a time); a text prompt that happens to start so costs a read, never
 * a wrong answer.
 */
export async function withChatContent<T extends { id: string; body: string }>(prompts: T[], keyOf: (id: string) => { pk: string; sk: string }): Promise<T[]> {
  const candidates = prompts.filter((p) => mayBeTranscript(p.body));
  const full = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < candidates.length; start += 100) {
    const items = await batchGet(candidates.slice(start, start + 100).map((p) => keyOf(p.id)));
    for (const item of items) full.set(String(item.id), item);
  }
  if (!full.size) return prompts;
  return prompts.map((p) => {
    const item = full.get(p.id);
    return item ? { ...p, ...Object.fromEntries(CONTENT_EXTRAS.flatMap((name) => (item[name] === undefined ? [] : [[name, item[name]]]))) } : p;
  });
}
