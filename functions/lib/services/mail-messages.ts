import { INVITE_DAYS } from '@shared/contract/teams';
import type { Mail } from './mail';

/**
 * The product's emails: each has a text part and an HTML part in Construct's look (the brand
 * gradient header, the accent button), built from the same words. None of them ever carries a
 * password; links carry single-use tokens only.
 */
interface Content {
  subject: string;
  heading: string;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(to: string, c: Content): Mail {
  const text = [
    c.heading,
    '',
    ...c.intro.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...c.outro.flatMap((p) => [p, '']),
    '— Construct',
  ].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#16142b">${escapeHtml(p)}</p>`;
  const button = c.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:12px 22px;border-radius:10px;background:#4f46e5;color:#ffffff;font-weight:600;font-size:15px;text-decoration:none">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#575470">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all;color:#4338ca">${escapeHtml(c.action.url)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f7fc;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f7fc;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e1e0ee;border-radius:16px;overflow:hidden">
<tr><td style="background:#4f46e5;background-image:linear-gradient(135deg,#4338ca 0%,#6d28d9 55%,#7c3aed 100%);padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:-0.01em">Construct</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#16142b">${escapeHtml(c.heading)}</h1>
${c.intro.map(paragraph).join('\n')}
${button}
${c.outro.map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e1e0ee;font-size:12px;color:#6b6885">You receive this email because of an action on your Construct account at ${escapeHtml(to)}.</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: c.subject, text, html };
}

export const RESET_MINUTES = 30;

export function passwordResetMail(to: string, url: string): Mail {
  return render(to, {
    subject: 'Reset your Construct password',
    heading: 'Reset your password',
    intro: [`Someone (hopefully you) asked to reset the password of the Construct account for ${to}.`, `The link works once, for ${RESET_MINUTES} minutes.`],
    action: { label: 'Choose a new password', url },
    outro: ['If you did not ask for this, ignore this email: your password stays as it is.'],
  });
}

/** Sent when a reset is asked for an address without an account (the answer to the request is the same either way). */
export function noAccountMail(to: string, registerUrl: string): Mail {
  return render(to, {
    subject: 'Reset your Construct password',
    heading: 'No account for this address',
    intro: [
      `Someone asked to reset the password of a Construct account for ${to}, but there is no account with this address.`,
      'If you signed up with another address, ask for the reset there. Or create an account:',
    ],
    action: { label: 'Create an account', url: registerUrl },
    outro: ['If you did not ask for this, ignore this email.'],
  });
}

export function passwordChangedMail(to: string, forgotUrl: string): Mail {
  return render(to, {
    subject: 'Your Construct password was changed',
    heading: 'Your password was changed',
    intro: ['The password of your Construct account was just changed, and every other session was signed out.'],
    action: { label: 'Not you? Reset your password', url: forgotUrl },
    outro: ['If you made this change, there is nothing to do.'],
  });
}

export function apiKeyCreatedMail(to: string, key: { name: string; prefix: string; url: string }): Mail {
  return render(to, {
    subject: 'A new Construct API key was created',
    heading: 'A new API key was created',
    intro: [
      `An API key named "${key.name}" (it starts with ${key.prefix}) was just created for your Construct account. It can read and fill your prompts through the registry and MCP.`,
    ],
    action: { label: 'See your API keys', url: key.url },
    outro: ['If you did not create it, revoke it there and change your password.'],
  });
}

/** Sent instead of an answer that would tell a sign-up the address is taken (the sign-up is answered as for a new address). */
export function existingAccountMail(to: string, links: { login: string; forgot: string }): Mail {
  return render(to, {
    subject: 'You already have a Construct account',
    heading: 'You already have an account',
    intro: [`Someone (hopefully you) tried to create a Construct account for ${to}, but this address already has one. Nothing was changed.`],
    action: { label: 'Sign in', url: links.login },
    outro: [`Forgot your password? Choose a new one at ${links.forgot}`, 'If you did not try to sign up, ignore this email.'],
  });
}

export const VERIFY_HOURS = 24;

export function verifyEmailMail(to: string, firstName: string, url: string): Mail {
  return render(to, {
    subject: 'Confirm your email for Construct',
    heading: `Welcome${firstName ? `, ${firstName}` : ''}: confirm your email`,
    intro: ['Confirm that this address is yours, so you can always get back into your account.'],
    action: { label: 'Confirm email', url },
    outro: [`The link works for ${VERIFY_HOURS} hours. If you did not create a Construct account, ignore this email.`],
  });
}

export function emailChangeMail(to: string, url: string): Mail {
  return render(to, {
    subject: 'Confirm your new email for Construct',
    heading: 'Confirm your new email address',
    intro: [`Your Construct account asked to use ${to} from now on. Follow the link to make the change; until then your old address stays in use.`],
    action: { label: 'Use this address', url },
    outro: [`The link works once, for ${VERIFY_HOURS} hours. If you did not ask for this, ignore this email.`],
  });
}

export function emailChangedNoticeMail(to: string, newEmail: string): Mail {
  return render(to, {
    subject: 'Your Construct email was changed',
    heading: 'Your sign-in email was changed',
    intro: [`Your Construct account now signs in with ${newEmail}. This address is no longer linked to it.`],
    outro: ['If you did not make this change, reply to this email or contact support at once.'],
  });
}

export function teamInviteMail(to: string, invite: { team: string; inviter: string; role: 'editor' | 'viewer'; url: string }): Mail {
  const can = invite.role === 'editor' ? "change the team's prompts, categories and snippets" : "read and use the team's prompts";
  return render(to, {
    subject: `${invite.inviter} invited you to the team ${invite.team} on Construct`,
    heading: `Join ${invite.team} on Construct`,
    intro: [`${invite.inviter} invited ${to} to the team "${invite.team}" as ${invite.role === 'editor' ? 'an editor' : 'a viewer'}: you will ${can}.`],
    action: { label: 'Accept the invitation', url: invite.url },
    outro: [
      `Sign in (or create an account) with ${to} to accept. The link works once, for ${INVITE_DAYS} days.`,
      'If you do not know this person or team, ignore this email.',
    ],
  });
}

/** Sent once when a webhook's deliveries have failed for 24 hours (and again only after one succeeds). */
export function webhookFailingMail(to: string, hook: { url: string; site: string }): Mail {
  return render(to, {
    subject: 'A Construct webhook is failing',
    heading: 'A webhook is failing',
    intro: [`Deliveries to ${hook.url} have failed for 24 hours, so Construct stopped retrying them. The receiver may be down, or answering with an error.`],
    action: { label: 'See its deliveries', url: hook.site },
    outro: ['Once the receiver works again, redeliver the failed deliveries from there. New events are still sent.'],
  });
}

/** Sent to each reviewer named on a review request. */
export function reviewRequestedMail(to: string, review: { by: string; title: string; version: number; label: string; url: string }): Mail {
  return render(to, {
    subject: `Review requested: "${review.title}" for ${review.label}`,
    heading: 'A review is waiting for you',
    intro: [`${review.by || 'A teammate'} asks you to review version ${review.version} of "${review.title}" before it becomes ${review.label}.`],
    action: { label: 'Open the review', url: review.url },
    outro: ['You can approve it or ask for changes there.'],
  });
}
