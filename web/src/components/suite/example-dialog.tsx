import { useId, useState } from 'react';
import { EXAMPLE_NOTE_MAX, type Example, type ExampleReplace } from '@shared/contract/suite';
import { parseVariables } from '@shared/variables';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import './suite.css';

/** What the dialog edits of an example. */
export type ExampleFields = Pick<Example, 'inputs' | 'expected' | 'rating' | 'note'> & { history?: Example['history'] };

/**
 * Add or edit an example: a value per INPUT variable of the prompt's `body` (a choice list where
 * the variable has choices), the expected answer, good/bad and a note. `onSave` stores it (the
 * Evaluate page saves it at once, the control center into the suite it saves whole); a failure
 * shows the server's reason as given and keeps the dialog open.
 */
export function ExampleDialog({
  body,
  example,
  onSave,
  onClose,
}: {
  body: string;
  example: ExampleFields | null;
  onSave: (input: ExampleReplace) => Promise<unknown>;
  onClose: () => void;
}) {
  const variables = parseVariables(body).filter((v) => v.type === 'INPUT');
  const [inputs, setInputs] = useState<Record<string, string>>(() => ({ ...example?.inputs }));
  const [expected, setExpected] = useState(example?.expected ?? '');
  const [rating, setRating] = useState<'' | 'good' | 'bad'>(example?.rating ?? '');
  const [note, setNote] = useState(example?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const onSubmit = async () => {
    setError(null);
    setBusy(true);
    const filled = Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== ''));
    try {
      await onSave({ inputs: filled, expected: expected || null, rating: rating || null, note: note || null, history: example?.history });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the example.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={example ? 'Edit example' : 'Add example'} onClose={onClose} busy={busy} size="lg">
      <form
        id={formId}
        className="suite-form"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {variables.length === 0 ? <p className="status-note">This prompt has no input variables: an example holds only the expected answer.</p> : null}
        {variables.map((v) => (
          <Field key={v.key} label={v.key} description={v.default !== undefined ? `Optional: "${v.default}" when empty.` : undefined}>
            {v.choices ? (
              <Select value={inputs[v.key] ?? ''} onChange={(event) => setInputs({ ...inputs, [v.key]: event.target.value })}>
                <option value="">—</option>
                {v.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </Select>
            ) : (
              <Input value={inputs[v.key] ?? ''} onChange={(event) => setInputs({ ...inputs, [v.key]: event.target.value })} />
            )}
          </Field>
        ))}
        <Field label="Expected answer" description="What a good answer says (the equals_expected check compares with it).">
          <Textarea rows={4} value={expected} onChange={(event) => setExpected(event.target.value)} />
        </Field>
        <Field label="Rating">
          <Select value={rating} onChange={(event) => setRating(event.target.value as typeof rating)}>
            <option value="">No rating</option>
            <option value="good">Good</option>
            <option value="bad">Bad</option>
          </Select>
        </Field>
        <Field label="Note">
          <Input value={note} maxLength={EXAMPLE_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
        </Field>
        {error ? <Alert>{error}</Alert> : null}
      </form>
      <DialogFooter>
        <DialogCancel disabled={busy} />
        <Button type="submit" form={formId} loading={busy}>
          {example ? 'Save example' : 'Add example'}
        </Button>
      </DialogFooter>
    </ModalDialog>
  );
}
