import { PromptPageLayout } from '@/app/layouts/prompt-page-layout';
import { EvaluatePage } from '@/features/evaluate/components/evaluate-page';

/** /prompts/<id>/evaluate: one prompt of the current workspace, its test suite and evaluations. */
export function Component() {
  return (
    <PromptPageLayout
      title={(prompt) => (prompt ? `Evaluate “${prompt.title}”` : 'Evaluate')}
      description="Examples kept from runs, checks every answer must pass, and evaluations of versions, drafts and models side by side."
    >
      {(prompt) => <EvaluatePage prompt={prompt} />}
    </PromptPageLayout>
  );
}
