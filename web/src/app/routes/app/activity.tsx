import { Webhook } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ActivityFeed } from '@/features/prompts/components/activity-feed';
import { useCurrentTeam } from '@/lib/api/get-teams';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';

/** /activity: the current workspace's feed (docs/product.md, "Activity"); its owners reach its webhooks from here. */
export function Component() {
  const team = useCurrentTeam();
  const owner = useCurrentWorkspaceId() === null || team?.role === 'owner';
  return (
    <ContentLayout
      title="Activity"
      description={`Who saved, moved, reviewed and evaluated what in ${team ? `the team ${team.name}` : 'your workspace'}, newest first.`}
      actions={
        owner ? (
          <Link to={paths.webhooks} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            <Webhook aria-hidden="true" /> Webhooks
          </Link>
        ) : undefined
      }
    >
      <ActivityFeed label="Workspace activity" />
    </ContentLayout>
  );
}
