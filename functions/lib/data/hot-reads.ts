/**
 * Reads that heavy registry traffic sends to one item: an API key's lookup, its owner with the
 * slug claim, the prompt and the workspace's snippets. At 10,000 compiles a second of one prompt
 * each would take 5,000–10,000 read units a second, over DynamoDB's 3,000 per partition (the
 * usage bench's partition meter). Once a key is read HOT_READS_PER_SECOND times within a second
 * in this process, its answer is kept for HOT_TTL_MS and reused: each warm container then reads
 * it about once a second. A key read less often is always read fresh, so someone who saves and
 * then fetches sees their change at once; under heavy traffic a change (a new version, a moved
 * label, a revoked key) reaches every container within a second (docs/decisions.md).
 */
export const HOT_READS_PER_SECOND = 20;
export const HOT_TTL_MS = 1_000;
/** Distinct keys tracked per process; past it the table starts again (a container serves few workspaces). */
const TRACKED_MAX = 5_000;

interface Entry {
  /** When the current second of counting began. */
  windowStart: number;
  /** Reads of the key in it, answered from the copy or not. */
  reads: number;
  kept?: { value: Promise<unknown>; until: number };
}

const entries = new Map<string, Entry>();

/** `load()`'s answer for `key`, from this process's copy while the key is hot. Callers must not change what it answers. */
export function hotRead<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  let entry = entries.get(key);
  if (entry?.kept && entry.kept.until > now) {
    entry.reads++;
    return entry.kept.value as Promise<T>;
  }
  // A key still as busy in the second just past stays hot: its copy is renewed, not read HOT_READS_PER_SECOND times first.
  const stillHot = entry !== undefined && now - entry.windowStart < 2_000 && entry.reads >= HOT_READS_PER_SECOND;
  if (!entry || now - entry.windowStart >= 1_000) {
    if (!entry && entries.size >= TRACKED_MAX) entries.clear();
    entry = { windowStart: now, reads: 0 };
    entries.set(key, entry);
  }
  entry.reads++;
  const value = load();
  if (stillHot || entry.reads >= HOT_READS_PER_SECOND) {
    const kept = { value, until: now + HOT_TTL_MS };
    Object.assign(entry, { kept, windowStart: now, reads: 1 });
    const held = entry;
    // A failed read is not kept: the next request reads again.
    value.catch(() => {
      if (held.kept === kept) held.kept = undefined;
    });
  }
  return value;
}
