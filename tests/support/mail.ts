import { inject } from 'vitest';

/**
 * Reading what the product sent, from the test stack's MailDev (its REST API, `GET /api/email`).
 * Mail arrives a moment after the request that sent it, so `waitForMail` polls.
 */
export interface ReceivedMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name?: string }[];
}

export async function allMail(base = inject('mailUrl')): Promise<ReceivedMail[]> {
  const res = await fetch(`${base}/api/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as ReceivedMail[];
}

/** The mails to `address` (case-insensitive), oldest first. */
export async function mailTo(address: string, base?: string): Promise<ReceivedMail[]> {
  const want = address.toLowerCase();
  return (await allMail(base)).filter((m) => m.to.some((t) => t.address.toLowerCase() === want));
}

/** Waits until `address` has at least `count` mails matching `subject`, and answers the newest. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { count = 1, timeoutMs = 10_000, base }: { count?: number; timeoutMs?: number; base?: string } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(address, base)).filter((m) => subject.test(m.subject));
    if (found.length >= count) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject} within ${timeoutMs} ms (found ${found.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The token of the first link in a mail's text part whose path is `path` (e.g. /reset-password). */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`No ${path} link in mail "${mail.subject}"`);
  return match[1]!;
}

/** The token of the team invitation link (`<site>/invites/<token>`) in the newest invitation mail to `address`. */
export async function invitationToken(address: string, { count = 1, base }: { count?: number; base?: string } = {}): Promise<string> {
  const mail = await waitForMail(address, /invited you to the team/, { count, base });
  const match = mail.text.match(/https?:\/\/\S+\/invites\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`No invitation link in mail "${mail.subject}"`);
  return match[1]!;
}
