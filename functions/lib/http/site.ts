/**
 * The site users come back to after checkout or the customer portal, and that share links name:
 * SITE_URL when configured, else the Origin the browser sent (CloudFront does not forward the
 * viewer's Host), else Host.
 */
export function siteUrl(headers: Record<string, string | undefined>): string {
  if (process.env.SITE_URL) return process.env.SITE_URL.replace(/\/$/, '');
  if (headers.origin && /^https?:\/\/[^/\s]+$/.test(headers.origin)) return headers.origin;
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost:3000';
  const proto = headers['x-forwarded-proto'] ?? (/^(localhost|127\.0\.0\.1)(:|$)/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}
