import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { InvitePage } from '@/features/teams/components/invite-page';

/** Inside the signed-in area: a visitor without a session signs in (or registers) and comes back here. */
export function Component() {
  const { token = '' } = useParams();
  return (
    <ContentLayout title="Team invitation">
      <InvitePage key={token} token={token} />
    </ContentLayout>
  );
}
