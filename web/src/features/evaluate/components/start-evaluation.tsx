import { Play, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { EVALUATION_COLUMNS_MAX, type EvaluationColumnInput } from '@shared/contract/evaluations';
import type { Prompt } from '@shared/contract/prompts';
import { ChatDraft } from '@/components/chat/chat-draft';
import { defaultTarget, type RunTarget, RunTargetPicker } from '@/components/run-target';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useConnections } from '@/lib/api/get-connections';
import { useVersions } from '@/lib/api/get-versions';
import { errorMessage } from '@/lib/api-client';
import { draftInput, type MessageRow, rowsOf } from '@/lib/chat-form';
import { useCreateEvaluation } from '../api/create-evaluation';

/**
 * One column as chosen: what runs (`v3`, `label:production`, `draft`: a text body, or a chat
 * prompt's messages) and where (null until picked: what the prompt's settings choose).
 */
interface ColumnChoice {
  key: number;
  source: string;
  body: string;
  rows: MessageRow[];
  target: RunTarget | null;
}

/** The column as the API takes it; Construct's model is said outright (null), so a version's own connection never decides unseen. */
function toColumn(prompt: Prompt, choice: ColumnChoice, target: RunTarget): EvaluationColumnInput {
  const where = target.connectionId ? { connection_id: target.connectionId, ...(target.model ? { model: target.model } : {}) } : { connection_id: null };
  if (choice.source === 'draft') return { draft: draftInput(prompt.kind, choice, prompt.config), ...where };
  if (choice.source.startsWith('label:')) return { label: choice.source.slice(6), ...where };
  return { version: Number(choice.source.slice(1)), ...where };
}

let next = 0;

/**
 * Starts an evaluation: up to four columns (versions, labels, a draft of the text or of the chat
 * messages), each on Construct's model or a model of one of the workspace's connections.
 */
export function StartEvaluation({ prompt, onStarted }: { prompt: Prompt; onStarted: (evaluationId: string) => void }) {
  const titleId = useId();
  const versions = useVersions(prompt.id);
  const connections = useConnections().data ?? [];
  const start = useCreateEvaluation(prompt.id);
  const [error, setError] = useState<string | null>(null);
  const blank = (source: string): ColumnChoice => ({ key: ++next, source, body: prompt.body, rows: rowsOf(prompt.messages), target: null });
  const [columns, setColumns] = useState<ColumnChoice[]>(() => [blank(`v${prompt.version}`)]);
  const change = (key: number, patch: Partial<ColumnChoice>) => setColumns((all) => all.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const targetOf = (column: ColumnChoice) => column.target ?? defaultTarget(connections, prompt.config);
  const labels = Object.keys(prompt.labels).sort();
  const numbers = versions.data?.versions.map((v) => v.version) ?? [prompt.version];

  const onStart = async () => {
    setError(null);
    try {
      const made = await start.mutateAsync({ columns: columns.map((c) => toColumn(prompt, c, targetOf(c))) });
      onStarted(made.id);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not start the evaluation.'));
    }
  };

  return (
    <Card aria-labelledby={titleId} className="evaluate__card">
      <CardHeader
        titleId={titleId}
        icon={<Play />}
        title="Run an evaluation"
        subtitle="Every example runs in each column, in the background; each answer is checked. Each call counts as a run of your plan, or runs on your connection."
        wrap
      />
      <ol className="evaluate__columns" aria-label="Columns">
        {columns.map((column, index) => (
          <li key={column.key} className="suite-row suite-row--fields">
            <Field label={`Column ${index + 1}`}>
              <Select value={column.source} onChange={(event) => change(column.key, { source: event.target.value })}>
                {numbers.map((n) => (
                  <option key={n} value={`v${n}`}>
                    Version {n}
                    {n === prompt.version ? ' (current)' : ''}
                  </option>
                ))}
                {labels.map((label) => (
                  <option key={label} value={`label:${label}`}>
                    Label {label} (v{prompt.labels[label]})
                  </option>
                ))}
                <option value="draft">A draft</option>
              </Select>
            </Field>
            {connections.length ? (
              <RunTargetPicker connections={connections} value={targetOf(column)} onChange={(target) => change(column.key, { target })} />
            ) : null}
            {column.source !== 'draft' ? null : prompt.kind === 'chat' ? (
              <div className="evaluate__draft">
                <ChatDraft rows={column.rows} onChange={(rows) => change(column.key, { rows })} />
              </div>
            ) : (
              <Field label="Draft" className="evaluate__draft" description="A body to try before saving it as a version.">
                <Textarea rows={5} value={column.body} onChange={(event) => change(column.key, { body: event.target.value })} />
              </Field>
            )}
            {columns.length > 1 ? (
              <IconButton
                size="sm"
                variant="danger"
                label={`Remove column ${index + 1}`}
                icon={<Trash2 />}
                onClick={() => setColumns(columns.filter((c) => c.key !== column.key))}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {error ? <Alert>{error}</Alert> : null}
      <div className="evaluate__toolbar">
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus aria-hidden="true" />}
          // Held until the versions are in: a new column starts on another version than the current one.
          disabled={columns.length >= EVALUATION_COLUMNS_MAX || versions.isPending}
          onClick={() => setColumns([...columns, blank(`v${numbers.find((n) => n !== prompt.version) ?? prompt.version}`)])}
        >
          Add column
        </Button>
        <Button size="sm" icon={<Play aria-hidden="true" />} loading={start.isPending} onClick={() => void onStart()}>
          Start evaluation
        </Button>
      </div>
    </Card>
  );
}
