import type { PromptVersion } from '@shared/contract/versions';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { sourceLabel } from '../utils/version-labels';
import './versions.css';

/** One end of the comparison: a version, by number and origin. */
export function VersionPicker({
  id,
  label,
  versions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  versions: PromptVersion[];
  value: number;
  onChange: (version: number) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version} · {sourceLabel(v.source)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
