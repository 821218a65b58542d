import { ContentLayout } from '@/components/layouts/content-layout';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';

/** /webhooks: the current workspace's webhooks (its owners). */
export function Component() {
  return (
    <ContentLayout title="Webhooks" description="Send this workspace's events to your own systems, each delivery signed and retried for 24 hours.">
      <WebhooksSection />
    </ContentLayout>
  );
}
