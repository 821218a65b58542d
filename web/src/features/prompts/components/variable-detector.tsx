import { Braces } from 'lucide-react';
import type { Variable } from '@shared/variables';

/** The editor's live list of the variables its text holds (every message of a chat prompt). */
export function VariableDetector({ id, variables }: { id: string; variables: Variable[] }) {
  return (
    <div id={id} className="variable-detector" aria-live="polite">
      <p className="variable-detector__label">
        <Braces aria-hidden="true" />
        {variables.length === 0 ? 'No variables detected' : `Variables detected (${variables.length})`}
      </p>
      {variables.length > 0 ? (
        <ul className="variable-detector__list">
          {variables.map((v) => (
            <li key={`${v.type}:${v.key}`} className={`variable-chip variable-chip--${v.type.toLowerCase()}`}>
              <span className="variable-chip__type">{v.type}</span>
              <span className="variable-chip__key">{v.key}</span>
              {v.choices || v.default !== undefined ? (
                <span className="variable-chip__default">{`${v.default === undefined ? 'choose:' : '='} ${(v.choices ?? [v.default]).join(' | ')}`}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
