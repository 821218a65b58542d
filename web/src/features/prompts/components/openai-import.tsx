import { type FormEvent, useState } from 'react';
import type { OpenAiImportResult } from '@shared/contract/openai-import';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useImportOpenAi } from '../api/import-openai';
import { DialogError } from './dialog-error';
import { OpenAiImported } from './openai-imported';

/**
 * Import from OpenAI: paste a prompt object (`pmpt_…`) as the dashboard shows it — its JSON, the
 * code snippet with the instructions beside it, or plain instructions — and get a chat prompt
 * with its versions, then the code that replaces `responses.create({ prompt })`.
 */
export function OpenAiImport() {
  const run = useImportOpenAi();
  const [paste, setPaste] = useState('');
  const [instructions, setInstructions] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OpenAiImportResult | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (run.isPending) return;
    setError(null);
    try {
      setResult(await run.mutateAsync({ paste, ...(instructions.trim() ? { instructions } : {}), ...(title.trim() ? { title: title.trim() } : {}) }));
    } catch (failure) {
      setError(errorMessage(failure, 'The import failed. Nothing was imported; please try again.'));
    }
  };

  if (result) return <OpenAiImported result={result} />;
  return (
    <form className="openai-import" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="field__description">
        OpenAI retires prompt objects on November 30, 2026. Paste one from the dashboard: its JSON (with its versions), the code snippet, or its instructions.{' '}
        {'{{name}}'} becomes [INPUT: name], each version a version, the default one labelled production.
      </p>
      <Field label="Paste from OpenAI" description="JSON, the code snippet (responses.create with prompt id, version and variables), or instructions.">
        <Textarea rows={10} value={paste} onChange={(e) => setPaste(e.target.value)} spellCheck={false} disabled={run.isPending} />
      </Field>
      <Field label="Instructions (with the code snippet)" description="The snippet names the prompt but not its text: paste the instructions here.">
        <Textarea rows={4} value={instructions} onChange={(e) => setInstructions(e.target.value)} disabled={run.isPending} />
      </Field>
      <Field label="Title (optional)" description="Else the prompt's name, or its id.">
        <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} disabled={run.isPending} />
      </Field>
      <DialogError id="openai-import-error">{error}</DialogError>
      <DialogFooter>
        <DialogCancel disabled={run.isPending} />
        <Button type="submit" disabled={!paste.trim()} loading={run.isPending}>
          {run.isPending ? 'Importing...' : 'Import from OpenAI'}
        </Button>
      </DialogFooter>
    </form>
  );
}
