import { Play, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { EVALUATION_COLUMNS_MAX, type EvaluationColumnInput } from '@shared/contract/evaluations';
import type { Prompt } from '@shared/contract/prompts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useVersions } from '@/lib/api/get-versions';
import { errorMessage } from '@/lib/api-client';
import { useCreateEvaluation } from '../api/create-evaluation';

/** One column as chosen: what runs (`v3`, `label:production`, `draft`) and on which model (empty: Construct's model). */
interface ColumnChoice {
  key: number;
  source: string;
  draft: string;
  model: string;
}

function toColumn(choice: ColumnChoice): EvaluationColumnInput {
  const where = choice.model ? { model: choice.model } : {};
  if (choice.source === 'draft') return { draft: { body: choice.draft }, ...where };
  if (choice.source.startsWith('label:')) return { label: choice.source.slice(6), ...where };
  return { version: Number(choice.source.slice(1)), ...where };
}

let next = 0;

/** Starts an evaluation: up to four columns (versions, labels, a draft, each on Construct's model or one named), every example in each. */
export function StartEvaluation({ prompt, onStarted }: { prompt: Prompt; onStarted: (evaluationId: string) => void }) {
  const titleId = useId();
  const versions = useVersions(prompt.id);
  const start = useCreateEvaluation(prompt.id);
  const [error, setError] = useState<string | null>(null);
  const blank = (source: string): ColumnChoice => ({ key: ++next, source, draft: prompt.body, model: '' });
  const [columns, setColumns] = useState<ColumnChoice[]>(() => [blank(`v${prompt.version}`)]);
  const change = (key: number, patch: Partial<ColumnChoice>) => setColumns(columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const labels = Object.keys(prompt.labels).sort();
  const numbers = versions.data?.versions.map((v) => v.version) ?? [prompt.version];

  const onStart = async () => {
    setError(null);
    try {
      const made = await start.mutateAsync({ columns: columns.map(toColumn) });
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
        subtitle="Every example runs in each column, in the background; each answer is checked. Each call counts as a run of your plan."
        wrap
      />
      <ol className="evaluate__columns" aria-label="Columns">
        {columns.map((column, index) => (
          <li key={column.key} className="evaluate__column">
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
            <Field label="Model" description="Empty: Construct's model.">
              <Input
                value={column.model}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => change(column.key, { model: event.target.value.trim() })}
              />
            </Field>
            {column.source === 'draft' ? (
              <Field label="Draft" className="evaluate__draft" description="A body to try before saving it as a version.">
                <Textarea rows={5} value={column.draft} onChange={(event) => change(column.key, { draft: event.target.value })} />
              </Field>
            ) : null}
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
          disabled={columns.length >= EVALUATION_COLUMNS_MAX}
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
