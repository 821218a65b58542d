import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { TeamSettings } from '@/features/teams/components/team-settings';

export function Component() {
  const { id = '' } = useParams();
  return (
    <ContentLayout title="Team settings" description="The team's name, its members and their roles, and invitations.">
      <TeamSettings key={id} teamId={id} />
    </ContentLayout>
  );
}
