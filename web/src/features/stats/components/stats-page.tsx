import { Activity, Coins, KeyRound, Timer } from 'lucide-react';
import { useId, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { ModelRatings } from '@/components/model-ratings';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useStats } from '../api/get-stats';
import { COST_SERIES, compilesOf, count, dollars, LATENCY_SERIES, ms, percent, RANGES, USE_SERIES } from '../utils/stats-format';
import { ChartCard } from './chart-card';
import { VersionsTable } from './versions-table';
import './stats.css';

/**
 * A prompt's Stats (docs/product.md, Compare and scoreboard): what Construct counted itself over a
 * window — compiles by channel, runs, tokens, latency, cost, thumbs, blind-vote win rate and the
 * latest evaluation's pass rate, per version — charts with a table each, and the API keys still
 * fetching a version older than production's.
 */
export function StatsPage({ prompt }: { prompt: Prompt }) {
  const [rangeKey, setRangeKey] = useState(RANGES[1]!.key);
  const range = RANGES.find((r) => r.key === rangeKey) ?? RANGES[1]!;
  const stats = useStats(prompt.id, range);
  const staleId = useId();
  const totals = stats.data?.totals;
  return (
    <div className="stats">
      <Field label="Window" className="stats__range">
        <Select value={rangeKey} onChange={(event) => setRangeKey(event.target.value)}>
          {RANGES.map((r) => (
            <option key={r.key} value={r.key}>
              {r.label}
            </option>
          ))}
        </Select>
      </Field>
      {stats.isPending ? (
        <p className="status-note" role="status">
          <Spinner size="sm" /> Loading the stats...
        </p>
      ) : stats.isError ? (
        <Alert>{errorMessage(stats.error, 'Could not load the stats.')}</Alert>
      ) : totals ? (
        <>
          <dl className="stats__totals" aria-label="Totals">
            {[
              ['Compiles', count(compilesOf(totals))],
              ['Runs', count(totals.runs)],
              ['Errors', count(totals.errors)],
              ['Tokens', `${count(totals.tokens_in)} in, ${count(totals.tokens_out)} out`],
              ['Latency p50 / p95', `${ms(totals.latency_ms.p50)} / ${ms(totals.latency_ms.p95)}`],
              ['Estimated cost', dollars(totals.cost_usd)],
              ['Thumbs', `${count(totals.thumbs.up)} up, ${count(totals.thumbs.down)} down`],
              ['Win rate', percent(totals.win_rate)],
            ].map(([term, value]) => (
              <div key={term} className="stats__total">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ChartCard title="Use" icon={<Activity />} points={stats.data.series} series={USE_SERIES} granularity={stats.data.granularity} />
          <ChartCard title="Latency" icon={<Timer />} points={stats.data.series} series={LATENCY_SERIES} granularity={stats.data.granularity} />
          <ChartCard title="Tokens" icon={<Coins />} points={stats.data.series} series={COST_SERIES} granularity={stats.data.granularity} />
          <VersionsTable stats={stats.data} />
          <ModelRatings promptId={prompt.id} />
          <Card aria-labelledby={staleId} className="stats__card">
            <CardHeader
              titleId={staleId}
              icon={<KeyRound />}
              title="Stale clients"
              subtitle={
                stats.data.production_version === null
                  ? 'No version is labelled production.'
                  : `API keys whose last fetch in the window was older than production (v${stats.data.production_version}).`
              }
            />
            {stats.data.stale_clients.length === 0 ? (
              <p className="status-note">None.</p>
            ) : (
              <ul className="stats__stale" aria-label="Stale clients">
                {stats.data.stale_clients.map((c) => (
                  <li key={c.api_key_id}>{`Key ${c.api_key_id}: v${c.version}, last fetched ${new Date(c.last_fetch_at).toLocaleString()}`}</li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}
