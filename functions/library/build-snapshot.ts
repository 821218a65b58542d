import { rebuildSnapshot } from '../lib/services/library-snapshot/build';

/**
 * The table's stream (library items only, batched) runs this: one build per batch, and one build
 * at a time (reserved concurrency 1), so a burst of library writes publishes once.
 */
export const handler = async (): Promise<void> => {
  const manifest = await rebuildSnapshot();
  console.info(JSON.stringify({ message: 'library snapshot published', version: manifest.version, prompts: manifest.prompt_count }));
};
