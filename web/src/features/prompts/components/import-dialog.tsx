import { type ChangeEvent, useId, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportPreview, type ImportResult } from '@shared/contract/transfer';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useImportPrompts, usePreviewImport } from '../api/import-prompts';
import { plural } from '../utils/filter-prompts';
import { DialogError } from './dialog-error';
import { ImportPreviewPanel } from './import-preview-panel';
import { OpenAiImport } from './openai-import';

type Loaded = { name: string; document: unknown; preview: ImportPreview };

const NOT_JSON = 'This file is not valid JSON. Choose a JSON export from Construct (Markdown exports cannot be imported).';

const INVALID = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

/** The toast after an import: what was created and skipped, or how much was left out and why. */
export function importSummary(result: ImportResult): { title: string; description?: string } {
  const parts = [
    result.duplicates ? `${plural(result.duplicates, 'duplicate', 'duplicates')} skipped` : '',
    result.categories_created ? `${plural(result.categories_created, 'category', 'categories')} created` : '',
  ].filter(Boolean);
  return {
    title: `Imported ${plural(result.created, 'prompt', 'prompts')}.`,
    description: result.detail ?? (parts.length ? `${parts.join(', ')}.` : undefined),
  };
}

/**
 * Import, from a Construct export or from OpenAI (openai-import.tsx). A Construct export: choose a JSON export, see what it would do (a dry run on the server:
 * new prompts, duplicates, categories to create, the plan limit), then import. Nothing is written
 * before 'Import N prompts'; an invalid file or one over the limit writes nothing at all.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const preview = usePreviewImport();
  const run = useImportPrompts();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // Only the last chosen file's preview counts, if an earlier one answers late.
  const latest = useRef(0);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const busy = run.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const ticket = ++latest.current;
    setLoaded(null);
    setError(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setError(`This file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Please split it into smaller files.`);
      return;
    }
    setReading(true);
    try {
      const document = parseJson(await file.text());
      if (document === INVALID) {
        if (ticket === latest.current) setError(NOT_JSON);
        return;
      }
      const answer = await preview.mutateAsync(document);
      if (ticket === latest.current) setLoaded({ name: file.name, document, preview: answer });
    } catch (failure) {
      if (ticket === latest.current) setError(errorMessage(failure, 'Could not check this file. Please try again.'));
    } finally {
      if (ticket === latest.current) setReading(false);
    }
  };

  const onImport = async () => {
    if (!loaded || busy) return;
    setError(null);
    try {
      const result = await run.mutateAsync(loaded.document);
      toast({ variant: result.detail ? 'info' : 'success', ...importSummary(result) });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The import failed. Nothing was imported; please try again.'));
    }
  };

  const count = loaded?.preview.create.length ?? 0;
  const canImport = Boolean(loaded && count > 0 && loaded.preview.limit.allowed);

  return (
    <ModalDialog
      onClose={onClose}
      busy={busy}
      title="Import Prompts"
      description="Add prompts from a JSON export of Construct, from this account or another (Markdown exports are for reading and cannot be imported), or move a prompt out of OpenAI."
      size="lg"
      className="import-dialog"
    >
      <Tabs
        label="Import from"
        items={[
          {
            value: 'construct',
            label: 'Construct export',
            content: (
              <>
                <div className="import-dialog__file">
                  <label className="field__label" htmlFor={inputId}>
                    JSON export file
                  </label>
                  <input
                    id={inputId}
                    type="file"
                    accept="application/json,.json"
                    className="import-dialog__input"
                    aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
                    aria-invalid={error ? true : undefined}
                    disabled={busy}
                    onChange={(event) => void onFile(event)}
                  />
                  <p id={hintId} className="field__description">
                    Up to 1,000 prompts. Prompts with the same title and body as one you already have are skipped.
                  </p>
                </div>

                {reading ? (
                  <p className="import-dialog__status" role="status">
                    <Spinner size="sm" /> Checking the file...
                  </p>
                ) : null}

                <DialogError id={errorId}>{error}</DialogError>

                {loaded ? <ImportPreviewPanel preview={loaded.preview} fileName={loaded.name} /> : null}

                <DialogFooter>
                  <DialogCancel disabled={busy} />
                  <Button disabled={!canImport} loading={busy} onClick={() => void onImport()}>
                    {busy ? 'Importing...' : `Import ${plural(count, 'prompt', 'prompts')}`}
                  </Button>
                </DialogFooter>
              </>
            ),
          },
          { value: 'openai', label: 'OpenAI prompt', content: <OpenAiImport /> },
        ]}
      />
    </ModalDialog>
  );
}
