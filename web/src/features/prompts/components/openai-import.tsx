import { type FormEvent, useState } from 'react';
import type { OpenAiImportResult } from '@shared/contract/openai-import';
import { curlCode, pythonCode, type Replacement, typescriptCode } from '@shared/openai-code';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useImportOpenAi } from '../api/import-openai';
import { plural } from '../utils/filter-prompts';
import { DialogError } from './dialog-error';

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

function OpenAiImported({ result }: { result: OpenAiImportResult }) {
  const production = result.labels.production;
  const pinned = result.versions.find((v) => v.version === production);
  const replacement: Replacement = {
    slug: result.prompt.slug,
    origin: window.location.origin,
    ...(result.openai_id ? { openaiId: result.openai_id } : {}),
    ...(pinned ? { openaiVersion: pinned.openai } : {}),
    variables: result.variables,
    ...(result.model ? { model: result.model } : {}),
    ...(result.reasoning_effort ? { reasoningEffort: result.reasoning_effort } : {}),
  };
  const lined = result.versions.every((v) => v.openai === String(v.version));
  return (
    <div className="openai-import">
      <p role="status">
        Imported <strong>{result.prompt.title}</strong> as a chat prompt with {plural(result.versions.length, 'version', 'versions')} (slug{' '}
        <code>{result.prompt.slug}</code>); version {production} is labelled production.
      </p>
      <p>{lined ? 'Version numbers are the same as in OpenAI.' : 'Versions, oldest first:'}</p>
      {lined ? null : (
        <ul className="openai-import__versions">
          {result.versions.map((v) => (
            <li key={v.version}>
              OpenAI version {v.openai} → version {v.version}
            </li>
          ))}
        </ul>
      )}
      {result.notes.length ? (
        <ul className="openai-import__notes">
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <h3 className="openai-import__heading">Replace the OpenAI call</h3>
      <Tabs
        label="Replacement code"
        items={[
          { value: 'ts', label: 'TypeScript', content: <Code>{typescriptCode(replacement)}</Code> },
          { value: 'python', label: 'Python', content: <Code>{pythonCode(replacement)}</Code> },
          { value: 'curl', label: 'curl', content: <Code>{curlCode(replacement)}</Code> },
        ]}
      />
      <DialogFooter>
        <DialogCancel>Done</DialogCancel>
      </DialogFooter>
    </div>
  );
}

/** A code block that scrolls: focusable, so keyboard users can scroll it too (its tab panel names it). */
function Code({ children }: { children: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard (WCAG 2.1.1).
    <pre className="openai-import__code" tabIndex={0}>
      {children}
    </pre>
  );
}
