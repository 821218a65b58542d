import { Layers } from 'lucide-react';
import { useId } from 'react';
import type { PromptStats, StatsSummary } from '@shared/contract/stats';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { compilesOf, count, dollars, ms, percent } from '../utils/stats-format';
import { type StatsColumn, StatsTable } from './stats-table';

const COLUMNS: StatsColumn<StatsSummary>[] = [
  { name: 'Compiles', value: (s) => count(compilesOf(s)) },
  { name: 'Registry', value: (s) => count(s.compiles.registry) },
  { name: 'SDK', value: (s) => count(s.compiles.sdk) },
  { name: 'MCP', value: (s) => count(s.compiles.mcp) },
  { name: 'Workbench', value: (s) => count(s.compiles.workbench) },
  { name: 'Runs', value: (s) => count(s.runs) },
  { name: 'Errors', value: (s) => count(s.errors) },
  { name: 'Tokens in', value: (s) => count(s.tokens_in) },
  { name: 'Tokens out', value: (s) => count(s.tokens_out) },
  { name: 'Latency p50', value: (s) => ms(s.latency_ms.p50) },
  { name: 'Latency p95', value: (s) => ms(s.latency_ms.p95) },
  { name: 'Cost', value: (s) => dollars(s.cost_usd) },
  { name: 'Thumbs', value: (s) => `${count(s.thumbs.up)} up, ${count(s.thumbs.down)} down` },
  { name: 'Win rate', value: (s) => `${percent(s.win_rate)} (${count(s.votes)} votes)` },
  { name: 'Evaluation pass rate', value: (s) => percent(s.evaluation_pass_rate) },
];

/** Every version (and label) of the window in one table: use by channel, runs, tokens, latency, cost and quality. */
export function VersionsTable({ stats }: { stats: PromptStats }) {
  const titleId = useId();
  const rows = [
    // Runs of an unsaved draft are counted as version 0 (docs/architecture.md, usage counting).
    ...stats.versions.map((v) => ({
      key: `v${v.version}`,
      name: v.version === 0 ? 'Draft' : `v${v.version}${v.labels.length ? ` (${v.labels.join(', ')})` : ''}`,
      value: v as StatsSummary,
    })),
    { key: 'all', name: 'All versions', value: stats.totals },
  ];
  return (
    <Card aria-labelledby={titleId} className="stats__card">
      <CardHeader
        titleId={titleId}
        icon={<Layers />}
        title="By version"
        subtitle="Compiles by channel, runs, tokens, latency, cost, thumbs, blind votes and evaluations."
      />
      <StatsTable titleId={titleId} label="By version" first="Version" columns={COLUMNS} rows={rows} />
    </Card>
  );
}
