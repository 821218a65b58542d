import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, type BenchReply, benchClient, KB, log, median, round } from './lib';

/**
 * An evaluation's speed (issue 29's goal: 100 examples × 3 columns, 300 model calls on the local
 * engine, done in ≤ 15 s with the first results visible within 2 s) and its answers' sizes
 * (≤ 1 MB a page). Through the API as the web uses it: POST /prompts/{id}/evaluations, then
 * GET …/evaluations/{id} every 50 ms until `done`; the `evaluation` worker runs on the stack's
 * local queue in this process, as `npm start` runs it.
 */
export interface EvaluationsRow {
  examples: number;
  columns: number;
  rounds: number;
  /** From the POST to the first poll showing a finished cell, ms (median of rounds). */
  firstResultP50: number;
  /** From the POST to `done`, s (median of rounds). */
  doneP50: number;
  cellsPerSecond: number;
  passRate: number | null;
  /** The largest answer read: the evaluation itself, or a page of results. */
  largestAnswerKb: number;
  resultPages: number;
}

export interface EvaluationsReport {
  rows: EvaluationsRow[];
}

const ADMIN_BENCH_PASSWORD = 'bench-evaluations-password-1';

export async function runEvaluationsBench(stack: LocalStack, admin: { email: string; password: string }, options: BenchOptions): Promise<EvaluationsReport> {
  const { send, login, elite } = benchClient(stack.url);
  const must = async (reply: Promise<BenchReply>, status: number) => {
    const got = await reply;
    if (got.status !== status) throw new Error(`expected ${status}, got ${got.status}: ${JSON.stringify(got.body)}`);
    return got.body;
  };

  // An elite account: no daily run quota in the way of 300 calls a round.
  const adminToken = await login(admin.email, admin.password);
  const email = `bench-evaluations-${Date.now()}@bench.local`;
  const { token } = await elite(adminToken, email, ADMIN_BENCH_PASSWORD);

  const examples = 100;
  const prompt = await must(send(token, 'POST', '/prompts/', { title: 'Bench evaluation', body: 'Explain [INPUT: topic] to a newcomer.' }), 201);
  await must(send(token, 'PUT', `/prompts/${prompt.id}`, { title: 'Bench evaluation', body: 'Describe [INPUT: topic] in two sentences.' }), 204);
  const csv = ['topic', ...Array.from({ length: examples }, (_, i) => `subject number ${i}`)].join('\n');
  await must(send(token, 'POST', `/prompts/${prompt.id}/examples/import`, { format: 'csv', content: csv }), 201);
  await must(
    send(token, 'PUT', `/prompts/${prompt.id}/checks`, {
      checks: [
        { kind: 'min_length', value: 10 },
        { kind: 'not_contains', value: 'as an AI' },
      ],
    }),
    200,
  );
  const columns = [{ version: 1 }, { version: 2 }, { draft: { body: 'Summarise [INPUT: topic] for an expert.' } }];

  const rounds = options.quick ? 1 : 3;
  const firsts: number[] = [];
  const dones: number[] = [];
  let largest = 0;
  let pages = 0;
  let passRate: number | null = null;
  for (let round_ = 0; round_ < rounds; round_++) {
    log(`  evaluations: ${examples} examples × ${columns.length} columns, round ${round_ + 1} of ${rounds}...`);
    const started = performance.now();
    const queued = await must(send(token, 'POST', `/prompts/${prompt.id}/evaluations`, { columns }), 202);
    let first: number | undefined;
    for (;;) {
      const reply = await send(token, 'GET', `/prompts/${prompt.id}/evaluations/${queued.id}`);
      largest = Math.max(largest, reply.bytes);
      const evaluation = reply.body;
      if (first === undefined && evaluation.progress.done > 0) first = performance.now() - started;
      if (evaluation.status === 'done') {
        dones.push(performance.now() - started);
        passRate = evaluation.columns[0]?.pass_rate ?? null;
        break;
      }
      if (evaluation.status !== 'queued' && evaluation.status !== 'running') throw new Error(`evaluation ended ${evaluation.status}: ${evaluation.detail}`);
      if (performance.now() - started > 120_000) throw new Error(`evaluation not done in 120 s: ${JSON.stringify(evaluation.progress)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    firsts.push(first ?? Number.NaN);
    // Every page of results, as the grid reads them.
    let cursor: string | null = null;
    let cells = 0;
    do {
      const page = await send(token, 'GET', `/prompts/${prompt.id}/evaluations/${queued.id}/results${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      largest = Math.max(largest, page.bytes);
      cells += page.body.results.length;
      pages++;
      cursor = page.next;
    } while (cursor);
    if (cells !== examples * columns.length) throw new Error(`results hold ${cells} cells, not ${examples * columns.length}`);
  }
  const doneMs = median(dones);
  return {
    rows: [
      {
        examples,
        columns: columns.length,
        rounds,
        firstResultP50: round(median(firsts), 0),
        doneP50: round(doneMs / 1000, 1),
        cellsPerSecond: round((examples * columns.length) / (doneMs / 1000), 0),
        passRate,
        largestAnswerKb: KB(largest),
        resultPages: round(pages / rounds, 1),
      },
    ],
  };
}
