import { ErrorBody } from '@shared/contract/common';
import { type ExportFormat, exportFileName } from '@shared/contract/transfer';
import { API_BASE } from '@shared/routes';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-token';

/**
 * GET /prompts/export?format=...: fetched with the bearer token (a plain link could not send it),
 * then handed to the browser as a download: Blob → object URL → a temporary <a download>.
 */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const path = '/prompts/export';
  const headers = new Headers();
  const token = getAccessToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE}${path}?format=${format}`, { headers });
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(await response.json().catch(() => undefined));
    throw new ApiError({ status: response.status, detail: parsed.success ? parsed.data.detail : undefined, method: 'GET', path });
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? exportFileName(format, new Date());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
