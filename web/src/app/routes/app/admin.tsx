import { Shield } from 'lucide-react';
import { ComingSoon, ContentLayout } from '@/components/layouts/content-layout';
import { RequireAdmin } from '@/features/auth/components/guards';

/** /admin: administrators only; everyone else signed in goes to /prompts. */
export function Component() {
  return (
    <RequireAdmin>
      <ContentLayout title="Control Center" description="Manage library prompts, categories and users.">
        <ComingSoon icon={<Shield aria-hidden="true" />}>The control center is coming soon.</ComingSoon>
      </ContentLayout>
    </RequireAdmin>
  );
}
