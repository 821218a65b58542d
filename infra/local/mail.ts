import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * MailDev (npm `maildev`), the local mailbox: the product sends every email over SMTP to it, and
 * its web inbox and REST API (`GET /api/email`) show what was sent. Both servers listen on
 * loopback only (MailDev's defaults would listen on every interface). It runs as a child process
 * (see maildev-process.mjs for why) that ends with this one.
 */
export interface LocalMail {
  /** The web inbox and REST API, e.g. http://127.0.0.1:1080. */
  url: string;
  smtpPort: number;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./maildev-process.mjs', import.meta.url));

/** Ports may be 0 (any free port): the ones bound are read back. */
export async function startMailDev(options: { webPort: number; smtpPort: number }): Promise<LocalMail> {
  const child = spawn(process.execPath, [SCRIPT, String(options.smtpPort), String(options.webPort)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const ports = await new Promise<{ smtp: number; web: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`MailDev did not start within 30 s:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as { smtp: number; web: number });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `MailDev exited (${code}); are ports ${options.smtpPort} (SMTP) and ${options.webPort} (web) free? Set MAIL_SMTP_PORT / MAIL_PORT.\n${output}`,
        ),
      );
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${ports.web}`,
    smtpPort: ports.smtp,
    async stop() {
      child.stdin!.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
