import { apiDownload } from '@/lib/api-client';

/** GET /prompts/{id}/examples/export?format=: the examples as a file download. */
export function exportExamples(id: string, format: 'csv' | 'jsonl') {
  return apiDownload(`/prompts/${encodeURIComponent(id)}/examples/export`, { query: { format }, fallbackName: `examples.${format}` });
}
