import { type ExportFormat, exportFileName } from '@shared/contract/transfer';
import { apiDownload } from '@/lib/api-client';

/** GET /prompts/export?format=...: the current workspace as a file download. */
export async function downloadExport(format: ExportFormat): Promise<void> {
  await apiDownload('/prompts/export', { query: { format }, fallbackName: exportFileName(format, new Date()) });
}
