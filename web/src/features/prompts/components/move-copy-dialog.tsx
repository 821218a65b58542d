import { useId, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/use-toast';
import { useTeams } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { useCopyPrompt } from '../api/copy-prompt';
import { DialogError } from './dialog-error';

const PERSONAL = 'personal';

/**
 * 'Move/copy to…' (docs/product.md, "Teams"): a copy of the saved prompt in another workspace (the
 * personal one, or a team's where the caller may write), uncategorised there; 'Move' also removes
 * it from this one (not for a viewer of this team).
 */
export function MoveCopyDialog({ prompt, onClose, onMoved }: { prompt: Prompt; onClose: () => void; onMoved: () => void }) {
  const current = useCurrentWorkspaceId();
  const { data: teams } = useTeams();
  const here = teams?.find((t) => t.id === current);
  const targets = [
    ...(current === null ? [] : [{ value: PERSONAL, label: 'Personal' }]),
    ...(teams ?? []).filter((t) => t.id !== current && t.role !== 'viewer').map((t) => ({ value: t.id, label: t.name })),
  ];
  const [target, setTarget] = useState<string>('');
  const [move, setMove] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = useCopyPrompt();
  const { toast } = useToast();
  const errorId = useId();
  const chosen = target || targets[0]?.value || '';
  const name = targets.find((t) => t.value === chosen)?.label ?? '';
  const canMove = here?.role !== 'viewer';

  const submit = async () => {
    setError(null);
    try {
      await copy.mutateAsync({ id: prompt.id, to: chosen === PERSONAL ? null : chosen, move: move && canMove });
      toast({ variant: 'success', title: move && canMove ? `Moved "${prompt.title}" to ${name}.` : `Copied "${prompt.title}" to ${name}.` });
      if (move && canMove) onMoved();
      else onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not copy the prompt. Please try again.'));
    }
  };

  return (
    <ModalDialog title="Move/copy to…" description={`"${prompt.title}" into another workspace.`} onClose={onClose} busy={copy.isPending} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-describedby={error ? errorId : undefined}
      >
        {targets.length ? (
          <>
            <Field label="Workspace">
              <Select value={chosen} onChange={(event) => setTarget(event.target.value)}>
                {targets.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </Field>
            {canMove ? <Checkbox checked={move} onChange={(event) => setMove(event.target.checked)} label="Move: remove it from this workspace" /> : null}
          </>
        ) : (
          <p>There is no other workspace you can add prompts to. Create a team, or ask a team's owner to make you an editor.</p>
        )}
        <DialogError id={errorId}>{error}</DialogError>
        <DialogFooter>
          <DialogCancel disabled={copy.isPending} />
          <Button type="submit" loading={copy.isPending} disabled={!targets.length}>
            {move && canMove ? 'Move' : 'Copy'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
