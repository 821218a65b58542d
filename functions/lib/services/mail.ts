import type { Transporter } from 'nodemailer';
import { ServiceUnavailableError } from '../http/errors';

/**
 * Sending email: one code path (nodemailer's `sendMail`) everywhere, with the transport chosen by
 * configuration. Locally `SMTP_URL` (set by the local stack) points at MailDev; deployed, nodemailer's
 * SES transport sends through the SESv2 API from `MAIL_FROM`, a verified SES identity.
 * Messages are built by functions/lib/services/mail-messages.ts (HTML + text, never a password).
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The sender: MAIL_FROM (a verified SES identity when deployed), or a local placeholder. */
export const mailFrom = () => process.env.MAIL_FROM || 'Construct <no-reply@construct.local>';

let transport: Promise<Transporter> | undefined;
let transportFor: string | undefined;

function transporter(): Promise<Transporter> {
  // One transport per process, made again only if the SMTP target changes (a second local stack).
  if (transportFor !== process.env.SMTP_URL) transport = undefined;
  transportFor = process.env.SMTP_URL;
  transport ??= (async () => {
    const { createTransport } = await import('nodemailer');
    if (process.env.SMTP_URL) return createTransport(process.env.SMTP_URL);
    if (!process.env.MAIL_FROM) throw new ServiceUnavailableError('Email is not configured yet. Please try again later.');
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    return createTransport({ SES: { sesClient: new SESv2Client({}), SendEmailCommand } });
  })();
  transport.catch(() => (transport = undefined));
  return transport;
}

export async function sendMail(mail: Mail): Promise<void> {
  const sender = await transporter();
  await sender.sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}
