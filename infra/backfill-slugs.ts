import { resolve } from 'node:path';
import { connectTable } from './table-connection';

/**
 * `npm run slugs:backfill [-- --aws]`: gives every prompt saved before slugs existed its slug (made
 * from its title, unique in its workspace, claimed like a new prompt's). Idempotent: prompts that
 * have one are skipped, so it can run again at any time (e.g. after each deploy until it reports 0).
 */
async function main() {
  const stop = await connectTable(process.argv.includes('--aws'));
  try {
    const { backfillSlugs } = await import('../functions/lib/migrations/backfill-slugs');
    console.log(`Gave ${await backfillSlugs()} prompt(s) a slug.`);
  } finally {
    await stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(`Backfill failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
