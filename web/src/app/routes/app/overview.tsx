import { ContentLayout } from '@/components/layouts/content-layout';
import { OverviewPage } from '@/features/stats/components/overview-page';
import { useCurrentTeam } from '@/lib/api/get-teams';

/** /overview: the current workspace's use, counted by Construct, and its top prompts by use, errors and cost. */
export function Component() {
  const team = useCurrentTeam();
  return (
    <ContentLayout
      title="Overview"
      description={`Compiles, runs, errors, tokens and estimated cost of every prompt in ${team ? `the team ${team.name}` : 'your workspace'}.`}
    >
      <OverviewPage />
    </ContentLayout>
  );
}
