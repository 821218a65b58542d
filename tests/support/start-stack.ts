import { join } from 'node:path';
import { ROOT } from '../../infra/local/build-web';
import { startLocalStack } from '../../infra/local/stack';
import { patientStorage } from '../../infra/local/tool-env';

/**
 * `npm start`'s local stack in a process of its own, on DATA_DIR (without building the SPA): prints
 * `{"url": …}` once it serves, and stops when its stdin closes. A test starts it more than once on
 * one data folder, which one process cannot do (the handlers keep the first stack's configuration).
 */
patientStorage();
const stack = await startLocalStack({
  port: 0,
  dataDir: process.env.DATA_DIR!,
  admin: { email: 'admin@construct.test', password: 'admin-password-1' },
  seedLibrary: join(ROOT, 'infra/seed/library.json'),
});
console.log(JSON.stringify({ url: stack.url }));
process.stdin.resume();
process.stdin.on('end', async () => {
  await stack.stop();
  process.exit(0);
});
