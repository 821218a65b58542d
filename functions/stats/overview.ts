import { StatsQuery } from '@shared/contract/stats';
import { api, ok } from '../lib/http/http';
import { windowOf } from '../lib/use-cases/stats';
import { workspaceStats } from '../lib/use-cases/workspace-stats';

/** GET /stats?workspace=: the workspace's use over a window of at most a year: totals, a series, and its top prompts by use, errors and cost (any member). */
export const handler = api('GET /stats', { query: StatsQuery }, async ({ workspace, query }) => ok(await workspaceStats(workspace.pk, windowOf(query))));
