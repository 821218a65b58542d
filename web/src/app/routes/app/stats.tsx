import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { StatsPage } from '@/features/stats/components/stats-page';
import { usePrompts } from '@/lib/api/get-prompts';
import { errorMessage } from '@/lib/api-client';

/** /prompts/<id>/stats: one prompt of the current workspace, its use and quality as Construct counted them. */
export function Component() {
  const { id = '' } = useParams();
  const prompts = usePrompts();
  const prompt = prompts.data?.prompts.find((p) => p.id === id);
  const back = (
    <Link to={paths.prompts} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" /> My Prompts
    </Link>
  );
  return (
    <ContentLayout
      title={prompt ? `Stats of “${prompt.title}”` : 'Stats'}
      description="Compiles, runs, tokens, latency, cost, thumbs and blind votes, counted by Construct for every version."
      actions={back}
    >
      {prompts.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading the prompt...
        </p>
      ) : prompts.isError ? (
        <Alert>{errorMessage(prompts.error, 'Could not load your prompts.')}</Alert>
      ) : prompt ? (
        <StatsPage prompt={prompt} />
      ) : (
        <Alert>This prompt does not exist in this workspace.</Alert>
      )}
    </ContentLayout>
  );
}
