import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { CHECKS_MAX, type Example, type ExampleReplace, LIBRARY_EXAMPLES_MAX, type LibrarySuite, type LibrarySuiteInput } from '@shared/contract/suite';
import { CheckRows } from '@/components/suite/check-rows';
import { ExampleDialog } from '@/components/suite/example-dialog';
import { ExampleSummary } from '@/components/suite/example-summary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { type CheckRow, checkInputOf, checkRowOf, newCheckRow } from '@/lib/check-form';
import { useLibrarySuite } from '../api/get-library-suite';
import { usePutLibrarySuite } from '../api/put-library-suite';
import { LIBRARY_SUITE_TEXT } from '../utils/messages';

/** An example as edited here: a stored one keeps its id (forks match it), a new one gets its id from the server. */
type ExampleRow = Omit<Example, 'id' | 'created_at'> & { key: string; id?: string };

interface Draft {
  checks: CheckRow[];
  examples: ExampleRow[];
}

const draftOf = (suite: LibrarySuite): Draft => ({
  checks: suite.checks.map(checkRowOf),
  examples: suite.examples.map(({ created_at: _, ...example }) => ({ ...example, key: example.id })),
});

const inputOf = (draft: Draft): LibrarySuiteInput => ({
  checks: draft.checks.map(checkInputOf),
  examples: draft.examples.map(({ key: _, source: __, ...example }) => example),
});

let fresh = 0;

/**
 * The edit dialog's Test suite tab: the library prompt's checks (edited in place, as on the
 * Evaluate page) and examples (the Evaluate page's example dialog), kept here and saved whole with
 * PUT /admin/prompts/{id}/suite; the server's reason is shown when it refuses (a bad input, 413
 * over its size). `unsaved` tells the dialog's close whether to ask first.
 */
export function LibrarySuiteEditor({ id, body, unsaved }: { id: string; body: string; unsaved: RefObject<boolean> }) {
  const suite = useLibrarySuite(id);
  const save = usePutLibrarySuite();
  const { toast } = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<ExampleRow | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (suite.data && draft === null) setDraft(draftOf(suite.data));
  }, [suite.data, draft]);
  useEffect(() => {
    unsaved.current = dirty;
  }, [dirty, unsaved]);

  if (!draft)
    return suite.isError ? (
      <Alert>{errorMessage(suite.error, LIBRARY_SUITE_TEXT.loadFailed)}</Alert>
    ) : (
      <p role="status">
        <Spinner size="sm" /> Loading the test suite...
      </p>
    );

  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setDirty(true);
  };
  const onSave = async () => {
    setError(null);
    try {
      setDraft(draftOf(await save.mutateAsync({ id, suite: inputOf(draft) })));
      setDirty(false);
      toast({ variant: 'success', title: LIBRARY_SUITE_TEXT.saved });
    } catch (failure) {
      setError(errorMessage(failure, LIBRARY_SUITE_TEXT.failed));
    }
  };
  const keepExample = async ({ inputs, history, expected, rating, note }: ExampleReplace) => {
    const example = { inputs, history: history ?? [], expected: expected ?? null, rating: rating ?? null, note: note ?? null };
    change({
      examples:
        editing && editing !== 'new'
          ? draft.examples.map((row) => (row.key === editing.key ? { ...row, ...example } : row))
          : [...draft.examples, { ...example, key: `new-${++fresh}`, source: 'manual' }],
    });
  };

  return (
    <div className="admin-suite">
      <p className="status-note">{LIBRARY_SUITE_TEXT.intro}</p>
      <h3 className="admin-suite__title">Checks ({draft.checks.length})</h3>
      {draft.checks.length === 0 ? <p className="status-note">No checks yet.</p> : null}
      <CheckRows rows={draft.checks} onChange={(checks) => change({ checks })} />
      <div className="suite-toolbar">
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus aria-hidden="true" />}
          disabled={draft.checks.length >= CHECKS_MAX}
          onClick={() => change({ checks: [...draft.checks, newCheckRow()] })}
        >
          Add check
        </Button>
      </div>
      <h3 className="admin-suite__title">Examples ({draft.examples.length})</h3>
      {draft.examples.length === 0 ? <p className="status-note">No examples yet.</p> : null}
      {draft.examples.length ? (
        <ol className="suite-list" aria-label="Examples">
          {draft.examples.map((example, index) => (
            <li key={example.key} className="suite-row">
              <ExampleSummary example={example} index={index} />
              <div className="suite-row__actions">
                <IconButton size="sm" label={`Edit example ${index + 1}`} icon={<Pencil />} onClick={() => setEditing(example)} />
                <IconButton
                  size="sm"
                  variant="danger"
                  label={`Remove example ${index + 1}`}
                  icon={<Trash2 />}
                  onClick={() => change({ examples: draft.examples.filter((row) => row.key !== example.key) })}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="suite-toolbar">
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus aria-hidden="true" />}
          disabled={draft.examples.length >= LIBRARY_EXAMPLES_MAX}
          onClick={() => setEditing('new')}
        >
          Add example
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <DialogFooter>
        <Button loading={save.isPending} disabled={!dirty} onClick={() => void onSave()}>
          Save test suite
        </Button>
      </DialogFooter>
      {editing ? <ExampleDialog body={body} example={editing === 'new' ? null : editing} onSave={keepExample} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
