import { ClipboardCheck, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { CHECKS_MAX } from '@shared/contract/suite';
import { CheckRows } from '@/components/suite/check-rows';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { useToast } from '@/components/ui/use-toast';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { type CheckRow, checkInputOf, checkRowOf, newCheckRow } from '@/lib/check-form';
import { useChecks } from '../api/get-checks';
import { usePutChecks } from '../api/put-checks';

/** The prompt's checks: every answer of an evaluation must pass each; saved as a whole list, the server's reason shown when it refuses one. */
export function ChecksCard({ promptId }: { promptId: string }) {
  const titleId = useId();
  const checks = useChecks(promptId);
  const save = usePutChecks(promptId);
  const { toast } = useToast();
  const [rows, setRows] = useState<CheckRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A team's viewer reads the checks: the fields are locked and Add, Remove and Save are held.
  const readOnly = useReadOnlyReason() !== null;
  useEffect(() => {
    if (checks.data && rows === null) setRows(checks.data.map(checkRowOf));
  }, [checks.data, rows]);
  const list = rows ?? [];

  const onSave = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync(list.map(checkInputOf));
      setRows(saved.checks.map(checkRowOf));
      toast({ variant: 'success', title: 'Checks saved.' });
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save the checks.'));
    }
  };

  return (
    <Card aria-labelledby={titleId} className="evaluate__card">
      <CardHeader
        titleId={titleId}
        icon={<ClipboardCheck />}
        title={`Checks (${list.length})`}
        subtitle="What every answer must pass. They belong to the prompt, not to a version."
        wrap
      />
      {checks.isError ? <Alert>{errorMessage(checks.error, 'Could not load the checks.')}</Alert> : null}
      {list.length === 0 && checks.data ? <p className="status-note">No checks yet: an evaluation then only records the answers.</p> : null}
      <CheckRows rows={list} onChange={setRows} readOnly={readOnly} />
      {error ? <Alert>{error}</Alert> : null}
      {readOnly ? null : (
        <div className="evaluate__toolbar">
          <Button
            size="sm"
            variant="secondary"
            icon={<Plus aria-hidden="true" />}
            disabled={list.length >= CHECKS_MAX || !rows}
            onClick={() => setRows([...list, newCheckRow()])}
          >
            Add check
          </Button>
          <Button size="sm" loading={save.isPending} disabled={!rows} onClick={() => void onSave()}>
            Save checks
          </Button>
        </div>
      )}
    </Card>
  );
}
