import type { CheckoutResponse, PortalResponse } from '@shared/contract/billing';

export const MISSING_SESSION_URL = 'Missing session URL';

/** A billing answer that does not carry a usable page to go to (docs/product.md). */
export class MissingSessionUrlError extends Error {
  override readonly name = 'MissingSessionUrlError';
  constructor() {
    super(MISSING_SESSION_URL);
  }
}

/**
 * The page a checkout or portal answer sends the browser to. Only http(s) URLs are followed, so a
 * malformed answer can never run script or leave through an odd scheme.
 */
export function sessionUrlFrom(data: unknown, schema: typeof CheckoutResponse | typeof PortalResponse): string {
  const parsed = schema.safeParse(data);
  if (!parsed.success || !parsed.data.url) throw new MissingSessionUrlError();
  try {
    const url = new URL(parsed.data.url, window.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new MissingSessionUrlError();
    return url.href;
  } catch {
    throw new MissingSessionUrlError();
  }
}
