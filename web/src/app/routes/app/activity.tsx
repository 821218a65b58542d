import { ContentLayout } from '@/components/layouts/content-layout';
import { ActivityFeed } from '@/features/prompts/components/activity-feed';
import { useCurrentTeam } from '@/lib/api/get-teams';

/** /activity: the current workspace's feed (docs/product.md, "Activity"). */
export function Component() {
  const team = useCurrentTeam();
  return (
    <ContentLayout
      title="Activity"
      description={`Who saved, moved, reviewed and evaluated what in ${team ? `the team ${team.name}` : 'your workspace'}, newest first.`}
    >
      <ActivityFeed label="Workspace activity" />
    </ContentLayout>
  );
}
