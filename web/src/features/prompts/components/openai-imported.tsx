import type { OpenAiImportResult } from '@shared/contract/openai-import';
import { curlCode, pythonCode, type Replacement, typescriptCode } from '@shared/openai-code';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Tabs } from '@/components/ui/tabs';
import { plural } from '../utils/filter-prompts';

/** A code block that scrolls: focusable, so keyboard users can scroll it too (its tab panel names it). */
const codeBlock = (code: string) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard (WCAG 2.1.1).
  <pre className="openai-import__code" tabIndex={0}>
    {code}
  </pre>
);

/** After an import from OpenAI: what was made, how the versions map, what was not carried, and the code that replaces the OpenAI call. */
export function OpenAiImported({ result }: { result: OpenAiImportResult }) {
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
          { value: 'ts', label: 'TypeScript', content: codeBlock(typescriptCode(replacement)) },
          { value: 'python', label: 'Python', content: codeBlock(pythonCode(replacement)) },
          { value: 'curl', label: 'curl', content: codeBlock(curlCode(replacement)) },
        ]}
      />
      <DialogFooter>
        <DialogCancel>Done</DialogCancel>
      </DialogFooter>
    </div>
  );
}
