import { dayOfHour } from '@shared/stats';
import type { WorkspacePk } from '../lib/data/keys';
import { readShards, writeRolledHour } from '../lib/data/usage';
import { enqueue, worker } from '../lib/services/queue';
import { rollUpDay } from '../lib/use-cases/stats';
import { secondsUntilRollup } from '../lib/use-cases/usage';

/**
 * The `usage-rollup` worker (docs/architecture.md, "Usage and stats"): once an hour has ended
 * (and its grace for writes in flight), its write shards are read, added up and written to the
 * prompt's stats partition with a marker, and the day's rolled hours are added up again into its
 * day item; before that, the message waits again (SQS holds one back at most 15 minutes). Safe
 * to run twice: the roll-up puts the same sums again, and a failed day write fails the message,
 * so it is retried.
 */
export const handler = worker('usage-rollup', async (body) => {
  const wait = secondsUntilRollup(body.hour);
  if (wait > 0) {
    await enqueue('usage-rollup', body, { delaySeconds: Math.min(900, wait) });
    return;
  }
  const workspace = body.workspace as WorkspacePk;
  const { rows, keys } = await readShards(workspace, body.prompt_id, body.hour);
  await writeRolledHour(workspace, body.prompt_id, body.hour, rows, keys);
  await rollUpDay(workspace, body.prompt_id, dayOfHour(body.hour));
});
