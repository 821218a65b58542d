import { Tag } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PromptVersion } from '@shared/contract/versions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { evaluatePath } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { type LabelPin, useSetLabel } from '../api/set-label';
import './versions.css';

/** The gate's refusal (409): its reason, and the evaluation it read when there is one. */
interface Refusal {
  detail: string;
  evaluationId?: string;
  /** The label moves only by merging an approved review (require_review): no force helps. */
  review: boolean;
  pin: LabelPin;
}

function refusalOf(failure: unknown, pin: LabelPin): Refusal | null {
  if (!(failure instanceof ApiError) || failure.status !== 409 || !failure.detail) return null;
  const id = (failure.body as { evaluation_id?: unknown } | undefined)?.evaluation_id;
  const review = id === undefined && failure.detail.includes('merging an approved review');
  return { detail: failure.detail, evaluationId: typeof id === 'string' ? id : undefined, review, pin };
}

/**
 * Labels (`production`, `staging`, any lower-case name) pin a version for the registry, the SDK and
 * MCP; setting a label that exists moves it here. A protected label the gate refuses to move shows
 * why, with a link to the evaluation it read, and Move anyway (owners only, recorded).
 */
export function LabelForm({
  promptId,
  versions,
  onError,
  onReviews,
}: {
  promptId: string;
  versions: PromptVersion[];
  onError: (message: string | null) => void;
  /** Shows the prompt's reviews (a label that moves only by a merged review was refused). */
  onReviews?: () => void;
}) {
  const setLabel = useSetLabel();
  const [label, setLabelName] = useState('production');
  const [version, setVersion] = useState(versions[0]!.version);
  const ids = { label: useId(), version: useId() };
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const name = label.trim().toLowerCase();
  const move = (pin: LabelPin) => {
    onError(null);
    setRefusal(null);
    setLabel.mutate(pin, {
      onError: (e) => {
        const refused = pin.force ? null : refusalOf(e, pin);
        if (refused) setRefusal(refused);
        else onError(errorMessage(e, 'Could not set the label.'));
      },
    });
  };
  return (
    <>
      <form
        className="version-history__label-form"
        aria-label="Set a label"
        onSubmit={(event) => {
          event.preventDefault();
          move({ id: promptId, label: name, version });
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
      {refusal ? (
        <Alert
          className="version-history__refusal"
          action={
            refusal.review ? (
              onReviews ? (
                <Button size="sm" variant="secondary" onClick={onReviews}>
                  Open the reviews
                </Button>
              ) : undefined
            ) : (
              <>
                <Link to={evaluatePath(promptId, refusal.evaluationId)}>{refusal.evaluationId ? 'See the evaluation' : 'Evaluate this prompt'}</Link>
                <Button size="sm" variant="danger" loading={setLabel.isPending} onClick={() => move({ ...refusal.pin, force: true })}>
                  Move anyway
                </Button>
              </>
            )
          }
        >
          {refusal.detail}
        </Alert>
      ) : null}
    </>
  );
}
