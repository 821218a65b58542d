import { ContentLayout } from '@/components/layouts/content-layout';
import { TeamsPage } from '@/features/teams/components/teams-page';

export function Component() {
  return (
    <ContentLayout title="Teams" description="Share a workspace of prompts, categories and snippets with the people you work with.">
      <TeamsPage />
    </ContentLayout>
  );
}
