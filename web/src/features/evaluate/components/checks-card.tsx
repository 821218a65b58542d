import { ClipboardCheck, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { CHECK_KINDS, CHECKS_MAX, type Check, type CheckInput, type CheckKind } from '@shared/contract/suite';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useChecks } from '../api/get-checks';
import { usePutChecks } from '../api/put-checks';

export const KIND_LABEL: Record<CheckKind, string> = {
  contains: 'Contains',
  not_contains: 'Does not contain',
  regex: 'Matches a pattern',
  json_schema: 'Is JSON fitting a schema',
  min_length: 'At least N characters',
  max_length: 'At most N characters',
  equals_expected: 'Equals the expected answer',
  judge: 'Judged by a model (rubric)',
};

const HINT: Partial<Record<CheckKind, string>> = {
  regex: 'A regular expression, e.g. ^Dear \\w+',
  json_schema: 'A JSON Schema, e.g. {"type": "object", "required": ["title"]}',
  judge: 'What a passing answer does, e.g. "Answers politely and names the product"',
};

/** A check as edited: its value as typed (a number or a schema is read from the text on save). */
interface Row {
  key: string;
  id?: string;
  kind: CheckKind;
  value: string;
  name: string;
}

const toRow = (check: Check): Row => ({
  key: check.id,
  id: check.id,
  kind: check.kind,
  value: check.value === null ? '' : typeof check.value === 'object' ? JSON.stringify(check.value, null, 2) : String(check.value),
  name: check.name ?? '',
});

function toInput(row: Row): CheckInput {
  const base = { ...(row.id ? { id: row.id } : {}), kind: row.kind, name: row.name.trim() || null };
  if (row.kind === 'equals_expected') return base;
  if (row.kind === 'min_length' || row.kind === 'max_length') return { ...base, value: row.value.trim() === '' ? row.value : Number(row.value) };
  return { ...base, value: row.value };
}

let fresh = 0;

/** The prompt's checks: every answer of an evaluation must pass each; saved as a whole list, the server's reason shown when it refuses one. */
export function ChecksCard({ promptId }: { promptId: string }) {
  const titleId = useId();
  const checks = useChecks(promptId);
  const save = usePutChecks(promptId);
  const { toast } = useToast();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A team's viewer reads the checks: the fields are locked and Add, Remove and Save are held.
  const readOnly = useReadOnlyReason() !== null;
  useEffect(() => {
    if (checks.data && rows === null) setRows(checks.data.map(toRow));
  }, [checks.data, rows]);
  const list = rows ?? [];
  const change = (key: string, patch: Partial<Row>) => setRows(list.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const onSave = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync(list.map(toInput));
      setRows(saved.checks.map(toRow));
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
      <fieldset className="evaluate__checks-set" disabled={readOnly}>
        <ol className="evaluate__checks" aria-label="Checks">
          {list.map((row, index) => (
            <li key={row.key} className="evaluate__check">
              <Field label={`Check ${index + 1}`}>
                <Select value={row.kind} onChange={(event) => change(row.key, { kind: event.target.value as CheckKind })}>
                  {CHECK_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {KIND_LABEL[kind]}
                    </option>
                  ))}
                </Select>
              </Field>
              {row.kind === 'equals_expected' ? null : row.kind === 'json_schema' || row.kind === 'judge' ? (
                <Field label="Value" description={HINT[row.kind]}>
                  <Textarea rows={3} value={row.value} spellCheck={row.kind === 'judge'} onChange={(event) => change(row.key, { value: event.target.value })} />
                </Field>
              ) : (
                <Field label="Value" description={HINT[row.kind]}>
                  <Input
                    value={row.value}
                    inputMode={row.kind.endsWith('_length') ? 'numeric' : undefined}
                    spellCheck={false}
                    onChange={(event) => change(row.key, { value: event.target.value })}
                  />
                </Field>
              )}
              <Field label="Name (optional)">
                <Input value={row.name} maxLength={100} onChange={(event) => change(row.key, { name: event.target.value })} />
              </Field>
              {readOnly ? null : (
                <IconButton
                  size="sm"
                  variant="danger"
                  label={`Remove check ${index + 1}`}
                  icon={<Trash2 />}
                  onClick={() => setRows(list.filter((r) => r.key !== row.key))}
                />
              )}
            </li>
          ))}
        </ol>
      </fieldset>
      {error ? <Alert>{error}</Alert> : null}
      {readOnly ? null : (
        <div className="evaluate__toolbar">
          <Button
            size="sm"
            variant="secondary"
            icon={<Plus aria-hidden="true" />}
            disabled={list.length >= CHECKS_MAX || !rows}
            onClick={() => setRows([...list, { key: `new-${++fresh}`, kind: 'contains', value: '', name: '' }])}
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
