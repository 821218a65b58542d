import { ContentLayout } from '@/components/layouts/content-layout';
import { ConnectionsSection } from '@/features/connections/components/connections-section';

export function Component() {
  return (
    <ContentLayout title="Model connections" description="Run your prompts on your own OpenAI, Anthropic or compatible models.">
      <ConnectionsSection />
    </ContentLayout>
  );
}
