import { appendFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What `npm start` shows and keeps: the banner (one host for every address it names), the admin
 * credentials in a file only this account can read, and the functions' JSON log lines in a file
 * instead of the terminal (a short line there for a failed request only).
 */
export const CREDENTIALS_FILE = 'admin-credentials.txt';
export const LOG_FILE = 'construct.log';

/** Writes the generated admin credentials to DATA_DIR (0600) and answers the file's path. */
export function saveAdminCredentials(dataDir: string, email: string, password: string): string {
  const file = join(dataDir, CREDENTIALS_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(
    file,
    `# Construct's first admin, generated on ${new Date().toISOString()} (stale once changed in the app)\nemail=${email}\npassword=${password}\n`,
    { mode: 0o600 },
  );
  chmodSync(file, 0o600); // an older file keeps its mode on overwrite
  return file;
}

/** The same address on `host` (the inbox is on loopback, named as the site is). */
export function onHost(address: string, host: string): string {
  const url = new URL(address);
  url.hostname = host;
  return url.origin;
}

export interface Banner {
  url: string;
  mailUrl: string;
  smtpPort: number;
  dataDir: string;
  logFile: string;
  admin: { email: string; created: boolean; generatedPassword?: string; credentialsFile?: string };
}

export function bannerLines(b: Banner): string[] {
  const host = new URL(b.url).hostname;
  const lines = [
    `Construct is running at ${b.url}  (data: ${b.dataDir})`,
    `Emails it sends arrive in the local inbox: ${onHost(b.mailUrl, host)}  (MailDev; SMTP on port ${b.smtpPort})`,
  ];
  if (b.admin.generatedPassword) {
    lines.push(`Admin account created: ${b.admin.email} / ${b.admin.generatedPassword}`);
    lines.push(`Also saved, readable by you only, in ${b.admin.credentialsFile}`);
  } else {
    const where = b.admin.credentialsFile ? ` (first password in ${b.admin.credentialsFile})` : b.admin.created ? ' (password from ADMIN_PASSWORD)' : '';
    lines.push(`Admin account: ${b.admin.email}${where}`);
  }
  lines.push(`Server logs: ${b.logFile}`);
  return lines;
}

/**
 * Sends the functions' log lines (Powertools writes one JSON object per line to stdout/stderr) to
 * `file`; everything else still reaches the terminal.
 */
export function divertFunctionLogs(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, '', { flag: 'a', mode: 0o600 });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
      if (text?.startsWith('{"level":"')) {
        appendFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
        const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
        callback?.();
        return true;
      }
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}

/** The terminal's line for a request: only when it failed on the server's side. */
export function requestLine(entry: { method: string; path: string; status: number; ms: number }): string | undefined {
  if (entry.status < 500) return undefined;
  return `${new Date().toTimeString().slice(0, 8)} ${entry.method} ${entry.path} → ${entry.status} (${entry.ms} ms; details in the server log)`;
}
