import { ContentLayout } from '@/components/layouts/content-layout';
import { ApiKeysSection } from '@/features/api-keys/components/api-keys-section';

export function Component() {
  return (
    <ContentLayout title="API keys" description="Use your prompts from code, the SDK and AI tools.">
      <ApiKeysSection />
    </ContentLayout>
  );
}
