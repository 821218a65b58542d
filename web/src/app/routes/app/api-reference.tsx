import { ContentLayout } from '@/components/layouts/content-layout';
import { ApiReference } from '@/features/api-reference/components/api-reference';

export function Component() {
  return (
    <ContentLayout title="API reference" description="Every endpoint of the Construct API, from its OpenAPI document.">
      <ApiReference />
    </ContentLayout>
  );
}
