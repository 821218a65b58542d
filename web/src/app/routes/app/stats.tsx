import { PromptPageLayout } from '@/app/layouts/prompt-page-layout';
import { StatsPage } from '@/features/stats/components/stats-page';

/** /prompts/<id>/stats: one prompt of the current workspace, its use and quality as Construct counted them. */
export function Component() {
  return (
    <PromptPageLayout
      title={(prompt) => (prompt ? `Stats of “${prompt.title}”` : 'Stats')}
      description="Compiles, runs, tokens, latency, cost, thumbs and blind votes, counted by Construct for every version."
    >
      {(prompt) => <StatsPage prompt={prompt} />}
    </PromptPageLayout>
  );
}
