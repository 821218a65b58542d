import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { evaluatePath } from '@/config/paths';
import { useCreateExample } from '@/lib/api/create-example';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';

/**
 * 'Keep as example' under a Run answer (docs/product.md, Evaluate): the inputs typed, the answer as
 * the expected one, rated good or bad, stored with the prompt's examples (source 'run'). The
 * server checks the inputs against the prompt's variables; its reason is shown as given.
 */
export function KeepExample({ promptId, inputs, answer }: { promptId: string; inputs: Record<string, string>; answer: string }) {
  const create = useCreateExample(promptId);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // Keeping an example changes the prompt's suite: a team's viewer is not offered it.
  const readOnly = useReadOnlyReason() !== null;
  const keep = (rating: 'good' | 'bad') => {
    setMessage(null);
    create.mutate(
      { inputs, expected: answer, rating, source: 'run' },
      {
        onSuccess: () => setMessage({ ok: true, text: `Kept as a ${rating} example.` }),
        onError: (failure) => setMessage({ ok: false, text: errorMessage(failure, 'Could not keep the example.') }),
      },
    );
  };
  if (readOnly) return null;
  return (
    <fieldset className="wb-keep" disabled={create.isPending}>
      <legend className="wb-keep__legend">Keep as example</legend>
      <Button variant="ghost" size="sm" icon={<ThumbsUp aria-hidden="true" />} onClick={() => keep('good')}>
        Good answer
      </Button>
      <Button variant="ghost" size="sm" icon={<ThumbsDown aria-hidden="true" />} onClick={() => keep('bad')}>
        Bad answer
      </Button>
      <span role="status" className={message && !message.ok ? 'wb-keep__error' : 'wb-keep__note'}>
        {message?.text}
        {message?.ok ? (
          <>
            {' '}
            <Link to={evaluatePath(promptId)}>Evaluate</Link>
          </>
        ) : null}
      </span>
    </fieldset>
  );
}
