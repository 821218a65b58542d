import { FileText } from 'lucide-react';
import { ComingSoon, ContentLayout } from '@/components/layouts/content-layout';

export function Component() {
  return (
    <ContentLayout title="My Prompts" description="Your private prompts, categories and favourites.">
      <ComingSoon icon={<FileText aria-hidden="true" />}>Your prompt studio is coming soon.</ComingSoon>
    </ContentLayout>
  );
}
