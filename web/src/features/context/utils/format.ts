import { ApiError } from '@/lib/api-client';

/** docs/product.md, Context Library: a snippet shows the first 100 characters of its content. */
export const SNIPPET_PREVIEW_LENGTH = 100;

/** The first 100 characters, followed by '...' only when there is more. */
export function snippetPreview(content: string): string {
  return content.length > SNIPPET_PREVIEW_LENGTH ? `${content.slice(0, SNIPPET_PREVIEW_LENGTH)}...` : content;
}

/** The Context Library banner text (docs/product.md): 'METHOD path -> status: detail'. */
export function requestErrorText(error: unknown): string {
  if (error instanceof ApiError) return `${error.method} ${error.path} -> ${error.status}: ${error.detail ?? error.message}`;
  return error instanceof Error ? error.message : String(error);
}
