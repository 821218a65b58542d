import { ErrorBody } from '@shared/contract/common';
import { API_BASE } from '@shared/routes';
import { ApiError } from '@/lib/api-client';

/**
 * POST to a billing endpoint with an explicit bearer token. The checkout may use a token found
 * under a fallback key (see checkout-token.ts), which the shared api client does not know, so the
 * token is passed in. Failures throw the shared ApiError (its message: the server's detail, else
 * 'Request failed with {status}'); the answer is returned unparsed for the caller's contract.
 */
export async function postWithToken(path: string, token: string, json?: unknown): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json', authorization: `Bearer ${token}` });
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = ErrorBody.safeParse(data);
    throw new ApiError({ status: response.status, detail: error.success ? error.data.detail : undefined, method: 'POST', path });
  }
  return data;
}
