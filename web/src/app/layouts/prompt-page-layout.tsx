import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePrompts } from '@/lib/api/get-prompts';
import { errorMessage } from '@/lib/api-client';

export interface PromptPageLayoutProps {
  /** The page title, with the prompt once it is loaded. */
  title: (prompt: Prompt | undefined) => string;
  description: string;
  children: (prompt: Prompt) => ReactNode;
}

/**
 * A page about one prompt of the current workspace (`/prompts/<id>/…`: Evaluate, Stats): the way
 * back to My Prompts, then the page once the prompt is loaded, or why it cannot be shown.
 */
export function PromptPageLayout({ title, description, children }: PromptPageLayoutProps) {
  const { id = '' } = useParams();
  const prompts = usePrompts();
  const prompt = prompts.data?.prompts.find((p) => p.id === id);
  const back = (
    <Link to={paths.prompts} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" /> My Prompts
    </Link>
  );
  return (
    <ContentLayout title={title(prompt)} description={description} actions={back}>
      {prompts.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading the prompt...
        </p>
      ) : prompts.isError ? (
        <Alert>{errorMessage(prompts.error, 'Could not load your prompts.')}</Alert>
      ) : prompt ? (
        children(prompt)
      ) : (
        <Alert>This prompt does not exist in this workspace.</Alert>
      )}
    </ContentLayout>
  );
}
