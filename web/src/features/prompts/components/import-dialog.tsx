import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { IMPORT_MAX_BYTES, type ImportPreview, type ImportResult } from '@shared/contract/transfer';
import { Button } from '@/components/ui/button';
import { DialogCancel, DialogFooter, ModalDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useImportPrompts, usePreviewImport } from '../api/import-prompts';
import { plural } from '../utils/filter-prompts';
import { DialogError } from './dialog-error';

const REASONS = { in_workspace: 'already in your prompts', in_file: 'repeated in this file' } as const;

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
 * Import: choose a JSON export, see what it would do (a dry run on the server:
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
      description="Add prompts from a JSON export of Construct, from this account or another. Markdown exports are for reading and cannot be imported."
      size="lg"
      className="import-dialog"
    >
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

      {loaded ? <PreviewPanel preview={loaded.preview} fileName={loaded.name} /> : null}

      <DialogFooter>
        <DialogCancel disabled={busy} />
        <Button disabled={!canImport} loading={busy} onClick={() => void onImport()}>
          {busy ? 'Importing...' : `Import ${plural(count, 'prompt', 'prompts')}`}
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}

function PreviewPanel({ preview, fileName }: { preview: ImportPreview; fileName: string }) {
  const headingId = useId();
  const { create, duplicates, categories_to_create: categories, limit } = preview;
  return (
    <section className="import-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="import-preview__title">
        Preview of {fileName}
      </h3>
      <div role="status">
        <ul className="import-preview__summary">
          <li>
            <strong>{plural(create.length, 'new prompt', 'new prompts')}</strong> to import
          </li>
          <li>
            <strong>{plural(duplicates.length, 'duplicate', 'duplicates')}</strong> skipped
          </li>
          <li>
            <strong>{plural(categories.length, 'new category', 'new categories')}</strong> to create
          </li>
        </ul>
      </div>

      {!limit.allowed ? (
        <DialogError>
          {limit.detail}{' '}
          <Link to={paths.pricing} className="import-preview__upgrade">
            See plans
          </Link>
        </DialogError>
      ) : null}

      {create.length ? (
        <PreviewList label="New prompts">
          {create.map((p, i) => (
            <li key={i}>
              {p.title}
              {p.category ? <span className="import-preview__meta"> · {p.category}</span> : null}
            </li>
          ))}
        </PreviewList>
      ) : null}

      {duplicates.length ? (
        <PreviewList label="Skipped as duplicates">
          {duplicates.map((d, i) => (
            <li key={i}>
              {d.title}
              <span className="import-preview__meta"> · {REASONS[d.reason]}</span>
            </li>
          ))}
        </PreviewList>
      ) : null}

      {categories.length ? (
        <PreviewList label="Categories to create">
          {categories.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </PreviewList>
      ) : null}
    </section>
  );
}

/** A titled, scrollable list (keyboard-scrollable: it takes focus when it overflows). */
function PreviewList({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="import-preview__group">
      <h4 id={id} className="import-preview__label">
        {label}
      </h4>
      <ul className="import-preview__list" aria-labelledby={id} tabIndex={0}>
        {children}
      </ul>
    </div>
  );
}
