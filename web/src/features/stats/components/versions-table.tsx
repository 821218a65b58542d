import { Layers } from 'lucide-react';
import { useId } from 'react';
import type { PromptStats, StatsSummary } from '@shared/contract/stats';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { compilesOf, count, dollars, ms, percent } from '../utils/stats-format';

const COLUMNS: { name: string; value: (s: StatsSummary) => string }[] = [
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
      summary: v,
    })),
    { key: 'all', name: 'All versions', summary: stats.totals },
  ];
  return (
    <Card aria-labelledby={titleId} className="stats__card">
      <CardHeader
        titleId={titleId}
        icon={<Layers />}
        title="By version"
        subtitle="Compiles by channel, runs, tokens, latency, cost, thumbs, blind votes and evaluations."
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling box inside the card's section; a nested section would add a landmark the card already is. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on its own: it takes the focus so the keyboard can scroll it. */}
      <div className="stats__table-wrap" role="region" aria-label={'By version, as a table'} tabIndex={0}>
        <table className="stats__table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              {COLUMNS.map((c) => (
                <th key={c.name} scope="col">
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                {COLUMNS.map((c) => (
                  <td key={c.name}>{c.value(row.summary)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
