import { Check, Copy, FilePlus2, GitCompare, GitFork, Play, RotateCw, Square } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fillInputsKeepingMarkers, parseVariables } from '@shared/variables';
import { defaultTarget, type RunTarget, RunTargetPicker } from '@/components/run-target';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconTile } from '@/components/ui/icon-tile';
import { LimitNote } from '@/components/ui/limit-note';
import { Switch } from '@/components/ui/switch';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { useConnections } from '@/lib/api/get-connections';
import { useCurrentTeam } from '@/lib/api/get-teams';
import { ApiError } from '@/lib/api-client';
import { copyToClipboard } from '@/lib/clipboard';
import { useSessionDraft } from '@/lib/session-draft';
import { ariaKeyShortcut, useChordShortcut } from '@/lib/shortcuts';
import { limitLink } from '@/lib/tiers';
import { useWorkbenchContext } from '../api/get-workbench-context';
import { useRunPrompt } from '../api/run-prompt';
import { forkTitle, TEMPLATE_SUFFIX, useSaveFilledCopy } from '../api/save-filled-copy';
import type { WorkbenchPrompt } from '../types';
import { assemble, resolveStored, separatorBefore, templateSegments, variableId } from '../utils/assemble';
import { runRequest } from '../utils/run-request';
import { CompareDialog } from './compare-dialog';
import { OpenElsewhere } from './open-elsewhere';
import { RunAnswer } from './run-answer';
import { VariableControl } from './variable-control';
import './workbench.css';
import './variable-control.css';

/** docs/product.md, Variables and the workbench: 'Copied!' shows for 2000 ms. */
export const COPIED_MS = 2000;

export function WorkbenchPanels({ prompt, onClose, saveHeldBy }: { prompt: WorkbenchPrompt; onClose: () => void; saveHeldBy: string | null }) {
  const context = useWorkbenchContext();
  const fork = useSaveFilledCopy();
  const run = useRunPrompt();
  const connections = useConnections().data ?? [];
  const [chosenTarget, setTarget] = useState<RunTarget | null>(null);
  const target = chosenTarget ?? defaultTarget(connections, prompt.config);
  const { toast } = useToast();
  const { alert } = useDialogs();
  const [applyDirectives, setApplyDirectives] = useState(true);
  // What was typed survives an accidental close for the browser session (sessionStorage).
  const draftKey = `construct:workbench:${prompt.id ?? ''}:${prompt.body}`;
  const [typed, setTyped, clearTyped] = useSessionDraft<Record<string, string>>(`${draftKey}:values`, {});
  // Stored SNIPPET/PROFILE values replaced by a typed one for this run only.
  const [overridden, setOverridden, clearOverridden] = useSessionDraft<string[]>(`${draftKey}:overrides`, []);
  const clearDrafts = () => {
    clearTyped();
    clearOverridden();
  };
  const [copied, setCopied] = useState(false);
  const [comparing, setComparing] = useState(false);
  const [status, setStatus] = useState('');
  const copiedTimer = useRef<number | undefined>(undefined);
  const actionsRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(copiedTimer.current), []);

  const variables = useMemo(() => parseVariables(prompt.body), [prompt.body]);
  const segments = useMemo(() => templateSegments(prompt.body), [prompt.body]);

  const stored = useMemo(() => {
    const map: Record<string, string | undefined> = {};
    for (const v of variables) {
      const id = variableId(v);
      map[id] = overridden.includes(id) ? undefined : resolveStored(v, context.data);
    }
    return map;
  }, [variables, context.data, overridden]);

  const values = useMemo(() => {
    const map: Record<string, string | undefined> = {};
    for (const v of variables) {
      const id = variableId(v);
      map[id] = stored[id] ?? typed[id];
    }
    return map;
  }, [variables, stored, typed]);

  const output = assemble(prompt.body, values, context.data?.directives, applyDirectives);
  // What 'Keep as example' stores: the INPUT values typed, by variable name.
  const keep = useMemo(() => {
    if (!prompt.keepable || !prompt.id) return undefined;
    const inputs: Record<string, string> = {};
    for (const v of variables) if (v.type === 'INPUT' && values[variableId(v)]) inputs[v.key] = values[variableId(v)] as string;
    return { promptId: prompt.id, inputs };
  }, [prompt.keepable, prompt.id, variables, values]);
  const feedback = prompt.keepable && prompt.id && prompt.version ? { promptId: prompt.id, version: prompt.version } : undefined;
  // A saved version runs as the server compiles it, unless a value typed here stands in for a stored SNIPPET or PROFILE value.
  const typedForStored = variables.some((v) => v.type !== 'INPUT' && stored[variableId(v)] === undefined && typed[variableId(v)]);
  const serverInputs = feedback && !typedForStored ? keep?.inputs : undefined;
  const directives = context.data?.directives;
  const noDirectives = directives !== undefined && !directives.global_prompt_prefix.trim() && !directives.global_prompt_suffix.trim();

  const onCopy = async () => {
    const ok = await copyToClipboard(output.text, actionsRef.current);
    if (!ok) {
      setStatus('Could not copy to the clipboard.');
      toast({ title: 'Could not copy to the clipboard.', variant: 'error' });
      return;
    }
    setCopied(true);
    setStatus('Preview copied to the clipboard.');
    window.clearTimeout(copiedTimer.current);
    copiedTimer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };

  // Ctrl/Cmd+Shift+C: the same as the Copy button, from anywhere in the workbench.
  useChordShortcut('copy', () => void onCopy(), actionsRef);

  // Fork saves the filled text; 'Save as template' keeps unfilled variables as variables and leaves
  // the global directives out (they are applied again whenever the copy is used).
  // The copy goes to the workspace shown: in a team the toast names the team.
  const team = useCurrentTeam();
  const saveCopy = (kind: 'filled' | 'template') => {
    const input =
      kind === 'filled'
        ? { title: forkTitle(prompt.title), body: output.text }
        : { title: forkTitle(prompt.title, TEMPLATE_SUFFIX), body: fillInputsKeepingMarkers(prompt.body, typed) };
    fork.mutate(input, {
      onSuccess: (created) => {
        clearDrafts();
        // Done: the copy is in My Prompts. Closing first also keeps Escape for the page, not the toast.
        onClose();
        toast({ title: `Successfully copied "${created.title}" to ${team ? team.name : 'your personal workspace'}!`, variant: 'success' });
      },
      onError: (error) => {
        const detail = error instanceof ApiError ? error.detail : undefined;
        void alert(detail ? `Error: ${detail}` : 'Could not fork this prompt.', limitLink(detail));
      },
    });
  };
  const onFork = () => saveCopy('filled');

  return (
    <div className="wb-grid">
      <section className="wb-panel" aria-labelledby="wb-template-title">
        <h3 id="wb-template-title" className="wb-panel__title">
          <IconTile size="xs" className="wb-panel__step" aria-hidden="true">
            1
          </IconTile>
          Smart Template
        </h3>
        {/* Scrolls on its own when the template is long: reachable by keyboard. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a scrolling panel named by its heading; a fieldset or section would change its layout and role in the tests. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls on its own: it takes the focus so the keyboard can scroll it. */}
        <div className="wb-panel__body" tabIndex={0} role="group" aria-labelledby="wb-template-title">
          <h4 className="wb-prompt-title">{prompt.title}</h4>
          <p className="wb-panel__meta">
            {variables.length === 0 ? 'No variables' : `${variables.length} ${variables.length === 1 ? 'variable' : 'variables'}`}
          </p>
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the template is found by this name (tests and screen readers). */}
          <pre className="wb-template" aria-label="Template">
            {segments.map((segment, i) =>
              segment.variable ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the template's pieces in order, only ever replaced as a whole.
                <mark key={i} className={`wb-token wb-token--${segment.variable.type.toLowerCase()}`}>
                  {segment.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the template's pieces in order, only ever replaced as a whole.
                <span key={i}>{segment.text}</span>
              ),
            )}
          </pre>
        </div>
      </section>

      <section className="wb-panel" aria-labelledby="wb-controls-title">
        <h3 id="wb-controls-title" className="wb-panel__title">
          <IconTile size="xs" className="wb-panel__step" aria-hidden="true">
            2
          </IconTile>
          Controls
        </h3>
        <div className="wb-panel__body">
          <Switch
            className="wb-directives"
            checked={applyDirectives}
            onCheckedChange={setApplyDirectives}
            label="Apply global directives"
            description={
              noDirectives ? 'Your global prefix and suffix are empty. Set them in the Context Library.' : 'Wrap the prompt with your global prefix and suffix.'
            }
          />
          {context.isError ? (
            <Alert
              action={
                <Button variant="secondary" size="sm" icon={<RotateCw aria-hidden="true" />} onClick={() => void context.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load your context library.
            </Alert>
          ) : null}
          {variables.length === 0 ? (
            <p className="wb-empty">This prompt has no variables. Add markers like [INPUT: topic] to make it fillable.</p>
          ) : (
            <div className="wb-vars">
              {variables.map((variable) => {
                const id = variableId(variable);
                return (
                  <VariableControl
                    key={id}
                    variable={variable}
                    value={typed[id] ?? variable.default ?? ''}
                    onChange={(value) => setTyped((current) => ({ ...current, [id]: value }))}
                    stored={stored[id]}
                    loading={context.isPending}
                    onUseAnother={() => setOverridden((list) => [...list, id])}
                  />
                );
              })}
            </div>
          )}
        </div>
      </section>

      <section className="wb-panel wb-panel--preview" aria-labelledby="wb-preview-title">
        <h3 id="wb-preview-title" className="wb-panel__title">
          <IconTile size="xs" className="wb-panel__step" aria-hidden="true">
            3
          </IconTile>
          Live Preview &amp; Actions
        </h3>
        <div className="wb-panel__body">
          {applyDirectives ? (
            <div className="wb-panel__meta">
              <Badge variant="accent">Global directives on</Badge>
            </div>
          ) : null}
          {/* biome-ignore lint/a11y/useSemanticElements: a scrolling panel named by its heading; a fieldset or section would change its layout and role in the tests. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls on its own: it takes the focus so the keyboard can scroll it. */}
          <pre className="wb-preview" role="region" aria-label="Live preview" tabIndex={0}>
            {output.parts.map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the template's pieces in order, only ever replaced as a whole.
              <span key={i}>
                {separatorBefore(output.parts, i)}
                <span className={`wb-preview__${part.kind}`}>{part.text}</span>
              </span>
            ))}
          </pre>
          <p className="wb-panel__meta">{`${output.text.length.toLocaleString()} characters to copy`}</p>
          <div className="wb-actions" ref={actionsRef}>
            <Button
              icon={copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              aria-keyshortcuts={ariaKeyShortcut('copy')}
              onClick={() => void onCopy()}
            >
              {copied ? 'Copied!' : 'Copy'}
            </Button>
            <Button
              variant="secondary"
              icon={<GitFork aria-hidden="true" />}
              loading={fork.isPending && fork.variables?.title === forkTitle(prompt.title)}
              disabled={fork.isPending || saveHeldBy !== null}
              aria-describedby={saveHeldBy ? 'wb-save-held' : undefined}
              onClick={onFork}
            >
              {fork.isPending && fork.variables?.title === forkTitle(prompt.title) ? 'Forking...' : 'Fork'}
            </Button>
            <Button
              variant="ghost"
              icon={<FilePlus2 aria-hidden="true" />}
              disabled={fork.isPending || saveHeldBy !== null}
              aria-describedby={saveHeldBy ? 'wb-save-held' : undefined}
              onClick={() => saveCopy('template')}
            >
              Save as template
            </Button>
            {run.status === 'running' ? (
              <Button variant="secondary" icon={<Square aria-hidden="true" />} onClick={run.stop}>
                Stop
              </Button>
            ) : (
              <Button
                variant="secondary"
                icon={<Play aria-hidden="true" />}
                onClick={() =>
                  void run.start(runRequest(prompt, { text: output.text, values, directives, apply: applyDirectives, inputs: serverInputs }, target))
                }
              >
                Run
              </Button>
            )}
            {feedback ? (
              <Button variant="ghost" icon={<GitCompare aria-hidden="true" />} onClick={() => setComparing(true)}>
                Compare
              </Button>
            ) : null}
          </div>
          {comparing && feedback ? (
            <CompareDialog
              prompt={{ ...prompt, id: feedback.promptId, version: feedback.version, forked: prompt.forked === true }}
              inputs={keep?.inputs ?? {}}
              directives={applyDirectives}
              onClose={() => setComparing(false)}
            />
          ) : null}
          {connections.length ? <RunTargetPicker connections={connections} value={target} onChange={setTarget} /> : null}
          {saveHeldBy ? <LimitNote id="wb-save-held">{saveHeldBy}</LimitNote> : null}
          <OpenElsewhere text={output.text} />
          <p className="wb-actions__note">
            Fork saves the filled prompt to My Prompts as a new prompt and closes the workbench; Save as template keeps the unfilled variables as variables. Run
            sends it to the AI model and shows the answer below.
          </p>
          <RunAnswer run={run} promptKey={prompt.id ?? draftKey} keepExample={keep} feedback={feedback} />
          <p className="visually-hidden" role="status">
            {status}
          </p>
        </div>
      </section>
    </div>
  );
}
