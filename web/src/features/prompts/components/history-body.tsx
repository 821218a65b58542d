import { History, RotateCcw, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import type { PromptVersion } from '@shared/contract/versions';
import { ModelRatings } from '@/components/model-ratings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useRatings } from '@/lib/api/get-ratings';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { useVersions } from '@/lib/api/get-versions';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { useDeleteLabel } from '../api/delete-label';
import { useRestoreVersion } from '../api/restore-version';
import { savedAtLabel, sourceLabel } from '../utils/version-labels';
import { DialogError } from './dialog-error';
import { LabelForm } from './label-form';
import { VersionDiff } from './version-diff';
import { VersionPicker } from './version-picker';
import { VersionRating } from './version-rating';
import './versions.css';

export interface HistoryBodyProps {
  prompt: Prompt;
  /** A version was restored: the prompt as it is now (the editor takes its content over). */
  onRestored: (prompt: Prompt) => void;
  /** Asked before a restore replaces what the editor holds; false cancels it. */
  confirmRestore?: () => boolean | Promise<boolean>;
  /** Shows the prompt's reviews (from a move that needs a merged review). */
  onReviews?: () => void;
}

export function HistoryBody({ prompt, onRestored, confirmRestore, onReviews }: HistoryBodyProps) {
  // In a team's workspace each version names the member who made it.
  const inTeam = useCurrentWorkspaceId() !== null;
  // A team's viewer compares versions; restoring and labelling are for its editors.
  const readOnly = useReadOnlyReason() !== null;
  const query = useVersions(prompt.id);
  const ratings = useRatings(prompt.id).data?.versions;
  const restore = useRestoreVersion();
  const removeLabel = useDeleteLabel();
  const { toast } = useToast();
  const [picked, setPicked] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const [error, setError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), list: useId() };
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.isPending) {
    return (
      <p className="status-note" role="status">
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
              <VersionRating rating={ratings?.find((r) => r.version === v.version)} />
              {v.labels?.length ? (
                <ul className="version-list__labels" aria-label={`Labels of version ${v.version}`}>
                  {v.labels.map((label) => (
                    <li key={label}>
                      <Badge variant="accent">{label}</Badge>
                      {readOnly ? null : (
                        <IconButton
                          size="sm"
                          label={`Remove label ${label}`}
                          title="Remove label"
                          icon={<X />}
                          onClick={() =>
                            removeLabel.mutate({ id: prompt.id, label }, { onError: (e) => setError(errorMessage(e, 'Could not remove the label.')) })
                          }
                        />
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
              {v.current || readOnly ? null : (
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
        <ModelRatings promptId={prompt.id} />
        {readOnly ? null : <LabelForm promptId={prompt.id} versions={versions} onError={setError} onReviews={onReviews} />}
        {versions.length === 1 ? <p className="status-note">Only one version so far: each save that changes the prompt adds one.</p> : null}
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
