import { Tag } from 'lucide-react';
import { useId, useState } from 'react';
import type { PromptVersion } from '@shared/contract/versions';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useSetLabel } from '../api/set-label';
import './versions.css';

/**
 * Labels (`production`, `staging`, any lower-case name) pin a version for the registry, the SDK and
 * MCP; setting a label that exists moves it here.
 */
export function LabelForm({ promptId, versions, onError }: { promptId: string; versions: PromptVersion[]; onError: (message: string | null) => void }) {
  const setLabel = useSetLabel();
  const [label, setLabelName] = useState('production');
  const [version, setVersion] = useState(versions[0]!.version);
  const ids = { label: useId(), version: useId() };
  const name = label.trim().toLowerCase();
  return (
    <form
      className="version-history__label-form"
      aria-label="Set a label"
      onSubmit={(event) => {
        event.preventDefault();
        onError(null);
        setLabel.mutate({ id: promptId, label: name, version }, { onError: (e) => onError(errorMessage(e, 'Could not set the label.')) });
      }}
    >
      <Field id={ids.label} label="Label">
        <Input value={label} maxLength={40} autoComplete="off" spellCheck={false} onChange={(event) => setLabelName(event.target.value)} />
      </Field>
      <Field id={ids.version} label="On version">
        <Select value={version} onChange={(event) => setVersion(Number(event.target.value))}>
          {versions.map((v) => (
            <option key={v.version} value={v.version}>
              v{v.version}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="sm" variant="secondary" icon={<Tag aria-hidden="true" />} loading={setLabel.isPending} disabled={!name}>
        Set label
      </Button>
    </form>
  );
}
