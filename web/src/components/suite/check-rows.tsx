import { Trash2 } from 'lucide-react';
import { CHECK_KINDS, CHECK_NAME_MAX, type CheckKind } from '@shared/contract/suite';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CHECK_HINT, type CheckRow, KIND_LABEL } from '@/lib/check-form';
import './suite.css';

/**
 * A list of checks edited in place (kind, value, optional name, Remove): a prompt's checks on the
 * Evaluate page and a library prompt's suite in the control center. The caller keeps the rows,
 * adds them and saves them; read-only locks the fields and hides Remove.
 */
export function CheckRows({ rows, onChange, readOnly = false }: { rows: CheckRow[]; onChange: (rows: CheckRow[]) => void; readOnly?: boolean }) {
  const change = (key: string, patch: Partial<CheckRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="suite-fieldset" disabled={readOnly}>
      <ol className="suite-list" aria-label="Checks">
        {rows.map((row, index) => (
          <li key={row.key} className="suite-row suite-row--fields">
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
              <Field label="Value" description={CHECK_HINT[row.kind]}>
                <Textarea rows={3} value={row.value} spellCheck={row.kind === 'judge'} onChange={(event) => change(row.key, { value: event.target.value })} />
              </Field>
            ) : (
              <Field label="Value" description={CHECK_HINT[row.kind]}>
                <Input
                  value={row.value}
                  inputMode={row.kind.endsWith('_length') ? 'numeric' : undefined}
                  spellCheck={false}
                  onChange={(event) => change(row.key, { value: event.target.value })}
                />
              </Field>
            )}
            <Field label="Name (optional)">
              <Input value={row.name} maxLength={CHECK_NAME_MAX} onChange={(event) => change(row.key, { name: event.target.value })} />
            </Field>
            {readOnly ? null : (
              <IconButton
                size="sm"
                variant="danger"
                label={`Remove check ${index + 1}`}
                icon={<Trash2 />}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              />
            )}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
