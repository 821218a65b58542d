import { Library } from 'lucide-react';
import { ComingSoon, ContentLayout } from '@/components/layouts/content-layout';

export function Component() {
  return (
    <ContentLayout title="Context Library" description="Global directives and reusable snippets for your prompts.">
      <ComingSoon icon={<Library aria-hidden="true" />}>Your context library is coming soon.</ComingSoon>
    </ContentLayout>
  );
}
