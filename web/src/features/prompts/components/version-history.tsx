import { History, RotateCcw, Tag, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import type { PromptVersion } from '@shared/contract/versions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { useDeleteLabel } from '../api/delete-label';
import { useVersions } from '../api/get-versions';
import { useRestoreVersion } from '../api/restore-version';
import { useSetLabel } from '../api/set-label';
import { tagChanges } from '../utils/diff-rows';
import { savedAtLabel, sourceLabel } from '../utils/version-labels';
import { DialogError } from './dialog-error';
import { DiffView } from './diff-view';
import './versions.css';

export interface VersionHistoryProps {
  prompt: Prompt;
  /** Mount it to open it; closing calls this (focus goes back to the control that opened it). */
  onClose: () => void;
  /** A version was restored: the prompt as it is now (the editor takes its content over). */
  onRestored: (prompt: Prompt) => void;
  /** Asked before a restore replaces what the editor holds; false cancels it. */
  confirmRestore?: () => boolean | Promise<boolean>;
}

/**
 * A prompt's version history (docs/product.md, My Prompts): every version with its time and origin, a line-by-line
 * diff of any two of them, and Restore, which makes an older version's content a new version.
 */
export function VersionHistory({ prompt, onClose, onRestored, confirmRestore }: VersionHistoryProps) {
  return (
    <ModalDialog
      onClose={onClose}
      title={`History of “${prompt.title}”`}
      description="Every save keeps the previous version. Compare any two, or restore an older one as a new version."
      size="xl"
      className="version-history"
    >
      <HistoryBody prompt={prompt} onRestored={onRestored} confirmRestore={confirmRestore} />
    </ModalDialog>
  );
}

function HistoryBody({ prompt, onRestored, confirmRestore }: Pick<VersionHistoryProps, 'prompt' | 'onRestored' | 'confirmRestore'>) {
  // In a team's workspace each version names the member who made it.
  const inTeam = useCurrentWorkspaceId() !== null;
  const query = useVersions(prompt.id);
  const restore = useRestoreVersion();
  const removeLabel = useDeleteLabel();
  const { toast } = useToast();
  const [picked, setPicked] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const [error, setError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), list: useId() };
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.isPending) {
    return (
      <p className="version-history__status" role="status">
        <Spinner size="sm" /> Loading history...
      </p>
    );
  }
  if (query.isError) {
    return <DialogError>{errorMessage(query.error, 'Could not load the history.')}</DialogError>;
  }

  const versions = query.data.versions;
  const byNumber = new Map(versions.map((v) => [v.version, v]));
  // By default: the version before the current one against the current one.
  const to = byNumber.get(picked.to ?? -1) ?? versions[0]!;
  const from = byNumber.get(picked.from ?? -1) ?? versions[1] ?? versions[0]!;

  const onRestore = async (version: PromptVersion) => {
    if (confirmRestore && !(await confirmRestore())) return;
    setError(null);
    try {
      const restored = await restore.mutateAsync({ id: prompt.id, version: version.version });
      toast({ variant: 'success', title: `Restored version ${version.version} as version ${restored.version}.` });
      setPicked({ from: null, to: null });
      onRestored(restored);
      // The pressed button was disabled while saving: keep focus in the dialog, at the list.
      headingRef.current?.focus();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to restore the version.'));
    }
  };

  return (
    <div className="version-history__layout">
      <section className="version-history__list" aria-labelledby={ids.list}>
        <h3 id={ids.list} ref={headingRef} tabIndex={-1} className="version-history__heading">
          <History aria-hidden="true" /> Versions ({versions.length})
        </h3>
        <ol className="version-list">
          {versions.map((v) => (
            <li key={v.version} className="version-list__item" data-current={v.current || undefined}>
              <div className="version-list__meta">
                <span className="version-list__number">v{v.version}</span>
                {v.current ? <Badge variant="accent">Current</Badge> : null}
                <span className="version-list__source">{sourceLabel(v.source)}</span>
                {inTeam && v.by ? <span className="version-list__author">by {v.by.name}</span> : null}
                <time className="version-list__time" dateTime={v.saved_at}>
                  {savedAtLabel(v.saved_at)}
                </time>
              </div>
              <p className="version-list__title">{v.title}</p>
              {v.labels?.length ? (
                <ul className="version-list__labels" aria-label={`Labels of version ${v.version}`}>
                  {v.labels.map((label) => (
                    <li key={label}>
                      <Badge variant="accent">{label}</Badge>
                      <IconButton
                        size="sm"
                        label={`Remove label ${label}`}
                        title="Remove label"
                        icon={<X />}
                        onClick={() =>
                          removeLabel.mutate({ id: prompt.id, label }, { onError: (e) => setError(errorMessage(e, 'Could not remove the label.')) })
                        }
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              {v.current ? null : (
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<RotateCcw aria-hidden="true" />}
                  aria-label={`Restore version ${v.version}`}
                  loading={restore.isPending && restore.variables?.version === v.version}
                  disabled={restore.isPending}
                  onClick={() => void onRestore(v)}
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
        <LabelForm promptId={prompt.id} versions={versions} onError={setError} />
        {versions.length === 1 ? <p className="version-history__note">Only one version so far: each save that changes the prompt adds one.</p> : null}
      </section>

      <section className="version-history__compare" aria-label="Compare versions">
        <div className="version-history__pickers">
          <VersionPicker id={ids.from} label="From version" versions={versions} value={from.version} onChange={(from) => setPicked((p) => ({ ...p, from }))} />
          <VersionPicker id={ids.to} label="To version" versions={versions} value={to.version} onChange={(to) => setPicked((p) => ({ ...p, to }))} />
        </div>
        <DialogError>{error}</DialogError>
        <VersionDiff from={from} to={to} />
      </section>
    </div>
  );
}

/**
 * Labels (`production`, `staging`, any lower-case name) pin a version for the registry, the SDK and
 * MCP; setting a label that exists moves it here.
 */
function LabelForm({ promptId, versions, onError }: { promptId: string; versions: PromptVersion[]; onError: (message: string | null) => void }) {
  const setLabel = useSetLabel();
  const [label, setLabelName] = useState('production');
  const [version, setVersion] = useState(versions[0]!.version);
  const ids = { label: useId(), version: useId() };
  const name = label.trim().toLowerCase();
  return (
    <form
      className="version-history__label-form"
      aria-label="Set a label"
      onSubmit={(event) => {
        event.preventDefault();
        onError(null);
        setLabel.mutate({ id: promptId, label: name, version }, { onError: (e) => onError(errorMessage(e, 'Could not set the label.')) });
      }}
    >
      <Field id={ids.label} label="Label">
        <Input value={label} maxLength={40} autoComplete="off" spellCheck={false} onChange={(event) => setLabelName(event.target.value)} />
      </Field>
      <Field id={ids.version} label="On version">
        <Select value={version} onChange={(event) => setVersion(Number(event.target.value))}>
          {versions.map((v) => (
            <option key={v.version} value={v.version}>
              v{v.version}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="sm" variant="secondary" icon={<Tag aria-hidden="true" />} loading={setLabel.isPending} disabled={!name}>
        Set label
      </Button>
    </form>
  );
}

/** One end of the comparison: a version, by number and origin. */
function VersionPicker({
  id,
  label,
  versions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  versions: PromptVersion[];
  value: number;
  onChange: (version: number) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version} · {sourceLabel(v.source)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Title, tags and body of two versions, side by side as one diff. */
function VersionDiff({ from, to }: { from: PromptVersion; to: PromptVersion }) {
  const tasks = tagChanges(from.tasks, to.tasks);
  const industries = tagChanges(from.industries, to.industries);
  const tagNotes = [
    ...tasks.added.map((t) => `Task added: ${t}`),
    ...tasks.removed.map((t) => `Task removed: ${t}`),
    ...industries.added.map((t) => `Industry added: ${t}`),
    ...industries.removed.map((t) => `Industry removed: ${t}`),
  ];
  const span = `from v${from.version} to v${to.version}`;
  return (
    <div className="version-diff">
      {from.title !== to.title ? (
        <div className="version-diff__part">
          <h4 className="version-diff__label">Title</h4>
          <DiffView before={from.title} after={to.title} label={`Title changes ${span}`} />
        </div>
      ) : null}
      {tagNotes.length ? (
        <ul className="version-diff__tags" aria-label={`Tag changes ${span}`}>
          {tagNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <div className="version-diff__part">
        <h4 className="version-diff__label">Body</h4>
        <DiffView before={from.body} after={to.body} label={`Body changes ${span}`} />
      </div>
    </div>
  );
}
