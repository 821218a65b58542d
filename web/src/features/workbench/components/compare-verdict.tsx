import { useState } from 'react';
import type { CompareSession } from '@shared/contract/compare';
import { DiffView } from '@/components/diff-view';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useConnections } from '@/lib/api/get-connections';
import { errorMessage } from '@/lib/api-client';
import { useCastVote } from '../api/compare';
import type { CompareRuns } from '../api/run-compare';
import { columnName } from '../utils/compare';

/**
 * Two answers of a compare side by side as a diff, and the vote between them: one is better, or
 * a tie. The vote's answer names every column (the reveal of a blind compare); one vote per session.
 */
export function CompareVerdict({
  promptId,
  session,
  runs,
  onRevealed,
}: {
  promptId: string;
  session: CompareSession;
  runs: CompareRuns;
  onRevealed: (columns: CompareSession['columns']) => void;
}) {
  const ids = session.columns.map((c) => c.id);
  const [pair, setPair] = useState<[string, string]>([ids[0]!, ids[1]!]);
  const vote = useCastVote(promptId);
  const [first, second] = pair;
  const finished = ids.every((id) => runs[id]?.status === 'done');
  const cast = (winner: string, loser: string, tie: boolean) =>
    vote.mutate(
      { winner: { column: winner as 'A' }, loser: { column: loser as 'A' }, tie, inputs_hash: session.inputs_hash, compare_id: session.id },
      { onSuccess: (answer) => answer.columns && onRevealed(answer.columns) },
    );
  const named = vote.data?.columns ?? [];
  const connections = useConnections().data;
  const picker = (index: 0 | 1, label: string) => (
    <Field label={label}>
      <Select value={pair[index]} onChange={(event) => setPair((p) => (index === 0 ? [event.target.value, p[1]] : [p[0], event.target.value]))}>
        {ids.map((id) => (
          <option key={id} value={id}>{`Answer ${id}`}</option>
        ))}
      </Select>
    </Field>
  );
  return (
    <section className="wb-compare__verdict" aria-label="Diff and vote">
      <div className="wb-compare__pair">
        {picker(0, 'Diff from')}
        {picker(1, 'To')}
      </div>
      {first !== second ? (
        <DiffView before={runs[first]?.answer ?? ''} after={runs[second]?.answer ?? ''} label={`Changes from answer ${first} to answer ${second}`} />
      ) : null}
      {vote.isSuccess ? (
        <p role="status" className="wb-keep__note">
          {`Vote counted. ${named.map((c) => `${c.id} was ${columnName(c, connections) ?? '?'}`).join(', ')}.`}
        </p>
      ) : (
        <fieldset className="wb-keep" disabled={!finished || first === second || vote.isPending}>
          <legend className="wb-keep__legend">Which answer is better?</legend>
          <Button size="sm" variant="secondary" onClick={() => cast(first, second, false)}>{`${first} is better`}</Button>
          <Button size="sm" variant="secondary" onClick={() => cast(second, first, false)}>{`${second} is better`}</Button>
          <Button size="sm" variant="ghost" onClick={() => cast(first, second, true)}>
            Tie
          </Button>
          <span role="status" className="wb-keep__error">
            {vote.isError ? errorMessage(vote.error, 'Could not count the vote.') : null}
          </span>
        </fieldset>
      )}
    </section>
  );
}
