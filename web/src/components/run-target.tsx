import { useId } from 'react';
import type { Connection } from '@shared/contract/connections';
import { Field } from './ui/field';
import { Input } from './ui/input';
import { Select } from './ui/select';
import './run-target.css';

/** Where a run goes: a workspace connection and its model, or Construct's own model (null). */
export interface RunTarget {
  connectionId: string | null;
  model: string;
}

/** What a prompt's settings choose, if the workspace still has that connection; else Construct's model. */
export function defaultTarget(connections: Connection[], config: { connection_id?: string; model?: string } | undefined): RunTarget {
  const chosen = connections.find((c) => c.id === config?.connection_id);
  return chosen ? { connectionId: chosen.id, model: config?.model ?? chosen.models[0] ?? '' } : { connectionId: null, model: '' };
}

/**
 * 'Run on': Construct's model, or one of the workspace's connections with a model (the
 * connection's models offered, any name typed). Shown only where the workspace has connections.
 */
export function RunTargetPicker({
  connections,
  value,
  onChange,
  labels = { target: 'Run on', model: 'Model' },
}: {
  connections: Connection[];
  value: RunTarget;
  onChange: (target: RunTarget) => void;
  /** Where several pickers share a form: names that say which one. */
  labels?: { target: string; model: string };
}) {
  const modelsId = useId();
  const connection = connections.find((c) => c.id === value.connectionId);
  return (
    <div className="run-target">
      <Field label={labels.target}>
        <Select
          value={value.connectionId ?? ''}
          onChange={(event) => {
            const next = connections.find((c) => c.id === event.target.value);
            onChange(next ? { connectionId: next.id, model: next.models[0] ?? '' } : { connectionId: null, model: '' });
          }}
        >
          <option value="">Construct's model</option>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      {connection ? (
        <Field label={labels.model}>
          <Input
            value={value.model}
            list={modelsId}
            placeholder="e.g. gpt-4.1-mini"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange({ ...value, model: event.target.value.trim() })}
          />
          <datalist id={modelsId}>
            {connection.models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </Field>
      ) : null}
    </div>
  );
}
