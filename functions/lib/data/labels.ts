import { LABELS_MAX, VERSIONS_MAX } from '@shared/contract/versions';
import { BadRequestError, NotFoundError } from '../http/errors';
import type { Item } from './db';
import type { WorkspacePk } from './keys';
import { changePrompt, type LabelMove, promptFrom, VERSION_NOT_FOUND, versionOf, versionParts } from './prompt';
import { failing, type Part } from './transactions';

/**
 * Labels pin a name (`production`, `staging`, any lower-case name) to one version of a prompt; the
 * registry, the SDK and MCP fetch by label. They live on the prompt item (`labels`), changed with
 * changePrompt, so a label change and a save never cross. A labelled snapshot is never dropped by
 * the version cap; when the last label leaves a snapshot beyond the cap, that snapshot goes in the
 * same transaction.
 */
export const LABEL_NOT_FOUND = 'Label not found.';

/** Moves of protected labels kept on the prompt. */
export const LABEL_LOG_MAX = 20;

const labelsOf = (item: { labels?: Record<string, number> }) => ({ ...(item.labels ?? {}) });

/** Pins `label` to `version` (null: removes it). `known`: the prompt as the route preloaded it. */
export async function setLabel({
  workspace,
  promptId,
  label,
  version,
  known,
  log,
}: {
  workspace: WorkspacePk;
  promptId: string;
  label: string;
  version: number | null;
  known: Item | undefined;
  /** A move to record in the prompt's label history (the last LABEL_LOG_MAX are kept). */
  log?: LabelMove;
}): Promise<Record<string, number>> {
  const written = await changePrompt(
    workspace,
    promptId,
    (current) => {
      const labels = labelsOf(current);
      const before = labels[label];
      const latest = versionOf(current);
      const extra: Part[] = [];
      if (version === null) {
        if (before === undefined) throw new NotFoundError(LABEL_NOT_FOUND);
        delete labels[label];
      } else {
        if (version > latest) throw new NotFoundError(VERSION_NOT_FOUND);
        if (before === undefined && Object.keys(labels).length >= LABELS_MAX) throw new BadRequestError(`A prompt can have at most ${LABELS_MAX} labels.`);
        labels[label] = version;
        if (version < latest) {
          extra.push(failing(versionParts.exists(workspace, promptId, version), () => new NotFoundError(VERSION_NOT_FOUND)));
        }
      }
      // The label leaves a snapshot beyond the cap that no other label holds: it goes now.
      if (before !== undefined && before !== labels[label] && before <= latest - VERSIONS_MAX && !Object.values(labels).includes(before)) {
        extra.push(versionParts.drop(workspace, promptId, before));
      }
      return { labels, extra, touch: false, ...(log ? { fields: { label_log: [...(current.label_log ?? []), log].slice(-LABEL_LOG_MAX) } } : {}) };
    },
    promptFrom(known),
  );
  return written.labels ?? {};
}

/** The label names pinned to `version`, sorted. */
export const labelsAt = (labels: Record<string, number> | undefined, version: number) =>
  Object.entries(labels ?? {})
    .filter(([, v]) => v === version)
    .map(([name]) => name)
    .sort();
