import { connectTable } from './table-connection';
import { count, progress, runTool } from './tool';

/**
 * `npm run slugs:backfill [-- --aws]`: gives every prompt saved before slugs existed its slug (made
 * from its title, unique in its workspace, claimed like a new prompt's). Idempotent: prompts that
 * have one are skipped, so it can run again at any time (e.g. after each deploy until it reports 0).
 */
runTool(import.meta, 'Backfill failed', async () => {
  const stop = await connectTable(process.argv.includes('--aws'));
  try {
    const { backfillSlugs } = await import('../functions/lib/migrations/backfill-slugs');
    const shown = progress();
    const given = await backfillSlugs(({ found, given }) => shown.update(`${count(found)} prompt(s) without a slug found, ${count(given)} given one...`));
    shown.done();
    console.log(`Gave ${count(given)} prompt(s) a slug.`);
  } finally {
    await stop();
  }
});
