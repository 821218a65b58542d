import { join, resolve } from 'node:path';
import { buildWebIfStale, ROOT, WEB_DIST } from './build-web';
import { startLocalStack } from './stack';
import { bannerLines, divertFunctionLogs, LOG_FILE, requestLine } from './terminal';
import { patientStorage } from './tool-env';

/**
 * `npm start`: builds the SPA when its sources changed, then runs the whole product locally.
 * `npm run dev`: the same with Vite's dev server (hot reload) in place of the built SPA.
 */
const dev = process.argv.includes('--dev');

async function main() {
  // Before any handler loads: longer DynamoDB attempts than Lambda's on a busy machine.
  patientStorage();
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, '.data'));

  let devMiddleware: import('vite').Connect.Server | undefined;
  let vite: { close(): Promise<void> } | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    const server = await createServer({ configFile: join(ROOT, 'web/vite.config.ts'), server: { middlewareMode: true }, appType: 'spa' });
    vite = server;
    devMiddleware = server.middlewares;
  } else {
    await buildWebIfStale();
  }

  // The functions' JSON lines go to a file: the terminal keeps the banner and a line per failure.
  const logFile = join(dataDir, LOG_FILE);
  divertFunctionLogs(logFile);
  const stack = await startLocalStack({
    port,
    dataDir,
    admin: { email: process.env.ADMIN_EMAIL ?? 'admin@construct.local', password: process.env.ADMIN_PASSWORD || undefined },
    gateway: {
      webRoot: WEB_DIST,
      devMiddleware,
      onResponse: (entry) => {
        const line = requestLine(entry);
        if (line) console.log(line);
      },
    },
    seedLibrary: join(ROOT, 'infra/seed/library.json'),
    warmWorkers: true,
    mail: { webPort: Number(process.env.MAIL_PORT ?? 1080), smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025) },
  });

  const lines = bannerLines({ url: stack.url, mailUrl: stack.mail.url, smtpPort: stack.mail.smtpPort, dataDir, logFile, admin: stack.admin! });
  console.log(['', ...lines, 'Press Ctrl-C to stop.', ''].join('\n'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await vite?.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`Could not start Construct: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
