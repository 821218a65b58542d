import { Download, ListChecks, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import type { Example } from '@shared/contract/suite';
import { ExampleDialog } from '@/components/suite/example-dialog';
import { ExampleSummary } from '@/components/suite/example-summary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { IconButton } from '@/components/ui/icon-button';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { useCreateExample } from '@/lib/api/create-example';
import { useExamples } from '@/lib/api/get-examples';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useDeleteExample } from '../api/delete-example';
import { exportExamples } from '../api/export-examples';
import { useImportExamples } from '../api/import-examples';
import { useUpdateExample } from '../api/update-example';

/** Examples shown a page at a time. */
const PAGE = 20;

/** A prompt's examples: the list (paged), add, edit, delete, import a CSV or JSONL file, export. */
export function ExamplesCard({ prompt }: { prompt: Prompt }) {
  const titleId = useId();
  const examples = useExamples(prompt.id);
  const remove = useDeleteExample(prompt.id);
  const importing = useImportExamples(prompt.id);
  const create = useCreateExample(prompt.id);
  const update = useUpdateExample(prompt.id);
  const { confirm } = useDialogs();
  const { toast } = useToast();
  const [shown, setShown] = useState(PAGE);
  const [editing, setEditing] = useState<Example | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const list = examples.data ?? [];

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const format = /\.jsonl?$/i.test(file.name) ? 'jsonl' : 'csv';
    try {
      const { imported } = await importing.mutateAsync({ format, content: await file.text() });
      toast({ variant: 'success', title: `Imported ${imported} ${imported === 1 ? 'example' : 'examples'}.` });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not import the file.'));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onDelete = async (example: Example) => {
    if (!(await confirm('Evaluations made before keep their results.', { title: 'Delete this example?', confirmLabel: 'Delete', danger: true }))) return;
    setError(null);
    remove.mutate(example.id, { onError: (failure) => setError(errorMessage(failure, 'Could not delete the example.')) });
  };

  const onExport = (format: 'csv' | 'jsonl') => {
    setError(null);
    exportExamples(prompt.id, format).catch((failure: unknown) => setError(errorMessage(failure, 'Could not export the examples.')));
  };

  // A team's viewer reads and exports the examples; adding, importing, editing and deleting are held.
  const readOnly = useReadOnlyReason() !== null;

  return (
    <Card aria-labelledby={titleId} className="evaluate__card">
      <CardHeader
        titleId={titleId}
        icon={<ListChecks />}
        title={`Examples (${list.length})`}
        subtitle="Inputs with the answer you expect. Keep them from a Run answer in the workbench, write them here, or import a CSV (a column per variable, then expected, rating, note) or JSONL file."
        wrap
      />
      <div className="evaluate__toolbar">
        {readOnly ? null : (
          <>
            <Button size="sm" icon={<Plus aria-hidden="true" />} onClick={() => setEditing('new')}>
              Add example
            </Button>
            <Button size="sm" variant="secondary" icon={<Upload aria-hidden="true" />} loading={importing.isPending} onClick={() => fileRef.current?.click()}>
              Import CSV or JSONL
            </Button>
          </>
        )}
        <input
          ref={fileRef}
          type="file"
          accept=".csv,.jsonl,.json,text/csv"
          hidden
          aria-label="Examples file"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button size="sm" variant="ghost" icon={<Download aria-hidden="true" />} disabled={!list.length} onClick={() => onExport('csv')}>
          Export CSV
        </Button>
        <Button size="sm" variant="ghost" icon={<Download aria-hidden="true" />} disabled={!list.length} onClick={() => onExport('jsonl')}>
          Export JSONL
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {examples.isError ? <Alert>{errorMessage(examples.error, 'Could not load the examples.')}</Alert> : null}
      {examples.data && list.length === 0 ? (
        <p className="status-note">No examples yet. Under a Run answer in the workbench, Keep as example stores its inputs and answer here.</p>
      ) : null}
      {list.length ? (
        <ol className="suite-list" aria-label="Examples">
          {list.slice(0, shown).map((example, index) => (
            <li key={example.id} className="suite-row">
              <ExampleSummary example={example} index={index} />
              {readOnly ? null : (
                <div className="suite-row__actions">
                  <IconButton size="sm" label={`Edit example ${index + 1}`} icon={<Pencil />} onClick={() => setEditing(example)} />
                  <IconButton size="sm" variant="danger" label={`Delete example ${index + 1}`} icon={<Trash2 />} onClick={() => void onDelete(example)} />
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {list.length > shown ? (
        <Button size="sm" variant="secondary" className="evaluate__more" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, list.length - shown)} more of {list.length - shown}
        </Button>
      ) : null}
      {editing ? (
        <ExampleDialog
          body={prompt.body}
          example={editing === 'new' ? null : editing}
          onSave={(input) => (editing === 'new' ? create.mutateAsync(input) : update.mutateAsync({ exampleId: editing.id, input }))}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
