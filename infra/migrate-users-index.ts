import { resolve } from 'node:path';
import { connectTable } from './table-connection';

/**
 * `npm run users:migrate [-- --aws]`: moves user items still listed in the former users index
 * (gsi1) to gsi2's sharded partitions (docs/data-model.md, migration). Idempotent: it finds only
 * users not yet moved, so it can run again until it reports 0; then the stage can drop gsi1
 * (README, Deploy: the former users index).
 */
async function main() {
  const stop = await connectTable(process.argv.includes('--aws'));
  try {
    const { migrateUsersIndex } = await import('../functions/lib/migrations/users-index');
    const moved = await migrateUsersIndex().catch((error: Error) => {
      // A table created without it (or after it was dropped) has nothing to move.
      if (error.name === 'ValidationException' && /specified index/.test(error.message)) return undefined;
      throw error;
    });
    console.log(moved === undefined ? 'This table has no gsi1: no user to move.' : `Moved ${moved} user(s) to the sharded users index.`);
  } finally {
    await stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(`Migration failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
