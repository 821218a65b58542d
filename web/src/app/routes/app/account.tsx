import { ContentLayout } from '@/components/layouts/content-layout';
import { AccountPage } from '@/features/account/components/account-page';

/** /account: profile, plan and usage, security, and the user's data. */
export function Component() {
  return (
    <ContentLayout title="Account" description="Your profile, your plan, how you sign in, and your data.">
      <AccountPage />
    </ContentLayout>
  );
}
