import { useSearchParams } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { ReadOnlyNote } from '@/components/ui/read-only-note';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { ChecksCard } from './checks-card';
import { EvaluationGrid } from './evaluation-grid';
import { EvaluationHistory } from './evaluation-history';
import { ExamplesCard } from './examples-card';
import { ProtectionCard } from './protection-card';
import { StartEvaluation } from './start-evaluation';
import '@/components/suite/suite.css';
import './evaluate.css';

/**
 * A prompt's Evaluate area (docs/product.md, Evaluate): its examples and checks, starting an
 * evaluation of versions, labels, a draft or models, the grid of the one open (`?evaluation=`),
 * the history with pass rates, and the protection of its labels.
 */
export function EvaluatePage({ prompt }: { prompt: Prompt }) {
  const [params, setParams] = useSearchParams();
  const open = params.get('evaluation');
  const select = (evaluation: string) => setParams({ evaluation }, { replace: false });
  // A team's viewer reads the suite and its results; starting an evaluation is a change, held with the reason.
  const readOnly = useReadOnlyReason();
  return (
    <div className="evaluate">
      {readOnly ? <ReadOnlyNote>{readOnly}</ReadOnlyNote> : null}
      <ExamplesCard prompt={prompt} />
      <ChecksCard promptId={prompt.id} />
      {readOnly ? null : <StartEvaluation prompt={prompt} onStarted={select} />}
      {open ? <EvaluationGrid key={open} promptId={prompt.id} evaluationId={open} /> : null}
      <EvaluationHistory promptId={prompt.id} open={open} onOpen={select} />
      <ProtectionCard prompt={prompt} />
    </div>
  );
}
