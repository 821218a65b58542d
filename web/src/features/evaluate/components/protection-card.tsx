import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { LabelProtectionRow } from './label-protection-row';

/**
 * Protected labels (the gate): a protected label moves only to a version with a finished, current
 * evaluation at or above its minimum pass rate; the server refuses other moves, for API keys too.
 */
export function ProtectionCard({ prompt }: { prompt: Prompt }) {
  const titleId = useId();
  const readOnly = useReadOnlyReason() !== null;
  const protection = prompt.label_protection ?? {};
  const labels = [...new Set(['production', ...Object.keys(prompt.labels), ...Object.keys(protection)])].sort();
  return (
    <Card aria-labelledby={titleId} className="evaluate__card">
      <CardHeader
        titleId={titleId}
        icon={<ShieldCheck />}
        title="Protected labels"
        subtitle="A protected label moves only to a version whose latest evaluation on the current examples and checks passes at least the rate set. Owners may force a move; the history records it."
        wrap
      />
      {/* A team's viewer sees each label's protection; changing it is held (the page says why). */}
      <fieldset className="suite-fieldset" disabled={readOnly}>
        <ul className="evaluate__protection" aria-label="Labels">
          {labels.map((label) => (
            <LabelProtectionRow key={label} promptId={prompt.id} label={label} current={protection[label]} pinned={prompt.labels[label]} />
          ))}
        </ul>
      </fieldset>
    </Card>
  );
}
