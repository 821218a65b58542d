import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useProtectLabel } from '../api/protect-label';

/** One label's protection: the switch, the minimum pass rate (percent), saved as the server's 0 to 1. */
export function LabelProtectionRow({
  promptId,
  label,
  current,
  pinned,
}: {
  promptId: string;
  label: string;
  current: { require_checks: boolean; min_pass_rate: number; require_review?: boolean } | undefined;
  pinned: number | undefined;
}) {
  const protect = useProtectLabel(promptId);
  const { toast } = useToast();
  const [rate, setRate] = useState(String(Math.round((current?.min_pass_rate ?? 1) * 100)));
  const [error, setError] = useState<string | null>(null);
  const on = Boolean(current?.require_checks);
  const review = Boolean(current?.require_review);
  // Both switches are sent each time: the server keeps only what the request says.
  const save = (require_checks: boolean, require_review = review) => {
    setError(null);
    protect.mutate(
      { label, require_checks, require_review, min_pass_rate: Math.min(100, Math.max(0, Number(rate) || 0)) / 100 },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title:
              require_review !== review
                ? require_review
                  ? `${label} now needs an approved review.`
                  : `${label} no longer needs a review.`
                : require_checks
                  ? `${label} is protected.`
                  : `${label} is no longer protected.`,
          }),
        onError: (failure) => setError(errorMessage(failure, 'Could not change the protection.')),
      },
    );
  };
  return (
    <li className="suite-row">
      <Switch
        checked={on}
        disabled={protect.isPending}
        onCheckedChange={save}
        label={`Protect ${label}`}
        description={pinned ? `On version ${pinned}. Moves need passing checks.` : 'Not pinned yet. Moves need passing checks.'}
      />
      <Switch
        checked={review}
        disabled={protect.isPending}
        onCheckedChange={(next) => save(on, next)}
        label={`Require review for ${label}`}
        description="Moves only by merging a review another member approved (for API keys too)."
      />
      <Field label={`Minimum pass rate for ${label} (%)`}>
        <Input type="number" min={0} max={100} step={1} value={rate} onChange={(event) => setRate(event.target.value)} />
      </Field>
      {on ? (
        <Button size="sm" variant="secondary" loading={protect.isPending} onClick={() => save(true)}>
          Save rate
        </Button>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </li>
  );
}
