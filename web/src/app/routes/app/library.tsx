import { BookOpen } from 'lucide-react';
import { ComingSoon, ContentLayout } from '@/components/layouts/content-layout';

export function Component() {
  return (
    <ContentLayout title="Library" description="Curated prompts you can copy into your own workspace.">
      <ComingSoon icon={<BookOpen aria-hidden="true" />}>The prompt library is coming soon.</ComingSoon>
    </ContentLayout>
  );
}
