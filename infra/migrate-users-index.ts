import { connectTable } from './table-connection';
import { count, progress, runTool } from './tool';

/**
 * `npm run users:migrate [-- --aws]`: moves user items still listed in the former users index
 * (gsi1) to gsi2's sharded partitions (docs/data-model.md, migration). Idempotent: it finds only
 * users not yet moved, so it can run again until it reports 0; then the stage can drop gsi1
 * (README, Deploy: the former users index).
 */
runTool(import.meta, 'Migration failed', async () => {
  const stop = await connectTable(process.argv.includes('--aws'));
  try {
    const { migrateUsersIndex } = await import('../functions/lib/migrations/users-index');
    const shown = progress();
    const moved = await migrateUsersIndex(({ done, total }) => shown.update(`Moved ${count(done)} of ${count(total)} users...`)).catch((error: Error) => {
      // A table created without it (or after it was dropped) has nothing to move.
      if (error.name === 'ValidationException' && /specified index/.test(error.message)) return undefined;
      throw error;
    });
    shown.done();
    console.log(moved === undefined ? 'This table has no gsi1: no user to move.' : `Moved ${count(moved)} user(s) to the sharded users index.`);
  } finally {
    await stop();
  }
});
