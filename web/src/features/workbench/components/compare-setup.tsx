import { Plus, X } from 'lucide-react';
import { COLUMN_IDS, COMPARE_COLUMNS_MAX, COMPARE_COLUMNS_MIN } from '@shared/contract/compare';
import type { Connection } from '@shared/contract/connections';
import { ChatDraft } from '@/components/chat/chat-draft';
import { RunTargetPicker } from '@/components/run-target';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { MessageRow } from '@/lib/chat-form';
import { type ColumnChoice, DRAFT, ORIGINAL } from '../utils/compare';

export interface CompareSetupValue {
  columns: ColumnChoice[];
  /** The draft: a text prompt's body, a chat prompt's messages. */
  draft: string;
  rows: MessageRow[];
  blind: boolean;
  /** '' for the workbench's inputs, else an example's id. */
  inputs: string;
}

/**
 * What a compare runs: 2–4 columns, each a saved version, the draft (editable here, unsaved) or,
 * for a fork, its library original, each on Construct's model or a model of one of the
 * workspace's connections; the inputs typed in the workbench or an example's; blind or not.
 */
export function CompareSetup({
  value,
  onChange,
  versions,
  examples,
  typedInputs,
  connections,
  forked,
  chat,
}: {
  value: CompareSetupValue;
  onChange: (value: CompareSetupValue) => void;
  versions: number[];
  examples: { id: string; name: string }[];
  typedInputs: string;
  connections: Connection[];
  /** A fork: its library original is offered as a column. */
  forked: boolean;
  /** A chat prompt: the draft is its messages, edited as in the editor. */
  chat: boolean;
}) {
  const setColumn = (i: number, change: Partial<ColumnChoice>) =>
    onChange({ ...value, columns: value.columns.map((c, j) => (i === j ? { ...c, ...change } : c)) });
  const usesDraft = value.columns.some((c) => c.source === DRAFT);
  return (
    <div className="wb-compare__setup">
      <ol className="wb-compare__choices" aria-label="Columns">
        {value.columns.map((column, i) => (
          <li key={COLUMN_IDS[i]} className="wb-compare__choice">
            <Field label={`Column ${i + 1}`}>
              <Select value={column.source} onChange={(event) => setColumn(i, { source: event.target.value })}>
                {versions.map((v, k) => (
                  <option key={v} value={`v${v}`}>
                    {k === 0 ? `v${v} (current)` : `v${v}`}
                  </option>
                ))}
                <option value={DRAFT}>Draft (unsaved)</option>
                {forked ? <option value={ORIGINAL}>Library original</option> : null}
              </Select>
            </Field>
            {connections.length ? (
              <RunTargetPicker
                connections={connections}
                value={column.target}
                onChange={(target) => setColumn(i, { target })}
                labels={{ target: `Run column ${i + 1} on`, model: `Model of column ${i + 1}` }}
              />
            ) : null}
            {value.columns.length > COMPARE_COLUMNS_MIN ? (
              <IconButton
                size="sm"
                label={`Remove column ${i + 1}`}
                icon={<X />}
                onClick={() => onChange({ ...value, columns: value.columns.filter((_, j) => j !== i) })}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {value.columns.length < COMPARE_COLUMNS_MAX ? (
        <Button
          variant="ghost"
          size="sm"
          icon={<Plus aria-hidden="true" />}
          onClick={() => onChange({ ...value, columns: [...value.columns, { source: DRAFT, target: value.columns.at(-1)!.target }] })}
        >
          Add column
        </Button>
      ) : null}
      {!usesDraft ? null : chat ? (
        <ChatDraft rows={value.rows} onChange={(rows) => onChange({ ...value, rows })} />
      ) : (
        <Field label="Draft" description="Not saved: it runs as written here.">
          <Textarea rows={4} value={value.draft} onChange={(event) => onChange({ ...value, draft: event.target.value })} />
        </Field>
      )}
      <Field label="Inputs">
        <Select value={value.inputs} onChange={(event) => onChange({ ...value, inputs: event.target.value })}>
          <option value="">{typedInputs ? `The workbench's: ${typedInputs}` : "The workbench's (none typed)"}</option>
          {examples.map((example) => (
            <option key={example.id} value={example.id}>
              {`Example: ${example.name}`}
            </option>
          ))}
        </Select>
      </Field>
      <Switch
        checked={value.blind}
        onCheckedChange={(blind) => onChange({ ...value, blind })}
        label="Blind"
        description="Hide which answer is which until you vote."
      />
    </div>
  );
}
