import { planLimits } from '@shared/tiers';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ContextLibrary } from '@/features/context/components/context-library';
import { useSession } from '@/lib/session';

export function Component() {
  const { user } = useSession();
  return (
    <ContentLayout title="Context Library" description="Manage the global directives and reusable snippets that give every prompt the right context.">
      <ContextLibrary maxSnippets={planLimits(user?.access_tier).max_snippets} />
    </ContentLayout>
  );
}
