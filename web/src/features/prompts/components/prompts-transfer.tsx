import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import type { ExportFormat } from '@shared/contract/transfer';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { downloadExport } from '../api/export-prompts';
import { ImportDialog } from './import-dialog';
import './transfer.css';

const LABELS: Record<ExportFormat, string> = { json: 'JSON', markdown: 'Markdown' };

/**
 * My Prompts' Export (JSON to import elsewhere, Markdown to read) and Import actions, in the page
 * header so they are there even when the workspace is empty. A team's viewer exports only.
 */
export function PromptsTransfer({ readOnly = false }: { readOnly?: boolean }) {
  const { toast } = useToast();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [importing, setImporting] = useState(false);

  const onExport = async (format: ExportFormat) => {
    if (exporting) return;
    setExporting(format);
    try {
      await downloadExport(format);
      toast({ variant: 'success', title: `Exported your prompts as ${LABELS[format]}.` });
    } catch (failure) {
      toast({ variant: 'error', title: 'Export failed', description: errorMessage(failure, 'Could not export your prompts. Please try again.') });
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="prompts-transfer">
      {/* biome-ignore lint/a11y/useSemanticElements: two buttons named as one group; a fieldset would bring its own border and layout. */}
      <div className="prompts-transfer__group" role="group" aria-label="Export prompts">
        {(['json', 'markdown'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            icon={<Download aria-hidden="true" />}
            loading={exporting === format}
            disabled={exporting !== null && exporting !== format}
            onClick={() => void onExport(format)}
          >
            Export {LABELS[format]}
          </Button>
        ))}
      </div>
      {readOnly ? null : (
        <Button variant="secondary" size="sm" icon={<Upload aria-hidden="true" />} onClick={() => setImporting(true)}>
          Import
        </Button>
      )}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
