import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { RANGES } from '../utils/stats-format';

/** The window a stats page shows (RANGES: by hour up to a week, by day beyond). */
export function WindowSelect({ value, onChange }: { value: string; onChange: (key: string) => void }) {
  return (
    <Field label="Window" className="stats__range">
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        {RANGES.map((r) => (
          <option key={r.key} value={r.key}>
            {r.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
