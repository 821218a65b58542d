import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useCurrentTeam, useTeams } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { useCreateReview } from '../api/reviews';
import { TeamReviewers } from './team-reviewers';

/**
 * Asks for a review of a version for a label (production by default). In a team the reviewers
 * are picked from its editors and owners; in one's own workspace from those of the teams one is in
 * (they then see that review alone, at /reviews/<id>).
 */
export function RequestReviewForm({ prompt, myId }: { prompt: Prompt; myId: string }) {
  const team = useCurrentTeam();
  const teams = useTeams({ enabled: !team });
  const create = useCreateReview(prompt.id);
  const { toast } = useToast();
  const [version, setVersion] = useState(prompt.version);
  const [label, setLabel] = useState('production');
  const [note, setNote] = useState('');
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const ids = { version: useId(), label: useId(), note: useId() };
  const toggle = (id: string) => setReviewers((list) => (list.includes(id) ? list.filter((r) => r !== id) : [...list, id]));
  const versions = Array.from({ length: prompt.version }, (_, i) => prompt.version - i);
  return (
    <form
      className="review__form"
      aria-label="Request a review"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        const name = label.trim().toLowerCase();
        create.mutate(
          { version, label: name, ...(note.trim() ? { note: note.trim() } : {}), ...(reviewers.length ? { reviewers } : {}) },
          {
            onSuccess: () => {
              toast({ variant: 'success', title: `Review requested: version ${version} for ${name}.` });
              setNote('');
            },
            onError: (failure) => setError(errorMessage(failure, 'Could not request the review.')),
          },
        );
      }}
    >
      <div className="review__fields">
        <Field id={ids.version} label="Version">
          <Select value={version} onChange={(event) => setVersion(Number(event.target.value))}>
            {versions.map((v) => (
              <option key={v} value={v}>
                v{v}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.label} label="For label">
          <Input value={label} maxLength={40} autoComplete="off" spellCheck={false} onChange={(event) => setLabel(event.target.value)} />
        </Field>
      </div>
      <Field id={ids.note} label="Note (optional)">
        <Textarea rows={2} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      {team ? (
        <TeamReviewers teamId={team.id} myId={myId} picked={reviewers} onToggle={toggle} />
      ) : teams.data?.length ? (
        teams.data.map((t) => (
          <TeamReviewers
            key={t.id}
            teamId={t.id}
            myId={myId}
            picked={reviewers}
            onToggle={toggle}
            legend={`Reviewers from ${t.name} (they get an email and see this review only)`}
          />
        ))
      ) : (
        <p className="status-note">
          In your own workspace nobody else can approve unless you share a team: reviewers are editors or owners of a team you are in.
        </p>
      )}
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" size="sm" icon={<Send aria-hidden="true" />} loading={create.isPending} disabled={!label.trim()}>
        Request review
      </Button>
    </form>
  );
}
