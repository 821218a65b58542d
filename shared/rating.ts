/**
 * Ratings from blind votes (docs/decisions.md, "Ratings from blind votes"): a Bradley–Terry
 * model fitted by minorisation–maximisation (Hunter 2004), shown on the Elo scale (1500 = the
 * average, +400 = ten times the odds of winning), with a 95% interval from the model's Fisher
 * information. A tie counts half a win each way. Every contestant also plays one virtual win and
 * one virtual loss against an average opponent (a weak prior): a contestant with one vote gets a
 * wide interval, not an infinite rating.
 */
export interface Vote {
  winner: string;
  loser: string;
  tie?: boolean;
}

export interface Rating {
  id: string;
  wins: number;
  losses: number;
  ties: number;
  /** (wins + ties / 2) / votes; null without votes. */
  win_rate: number | null;
  rating: number;
  /** The 95% interval of the rating. */
  interval: [number, number];
}

const ELO = 400 / Math.LN10;
const PRIOR = 1;

export function rate(votes: readonly Vote[], iterations = 200): Rating[] {
  const ids = [...new Set(votes.flatMap((v) => [v.winner, v.loser]))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  // wins[i][j]: how often i beat j (ties half each); column n is the virtual average opponent.
  const wins = Array.from({ length: n + 1 }, () => Array(n + 1).fill(0) as number[]);
  const tally = ids.map(() => ({ wins: 0, losses: 0, ties: 0 }));
  for (const v of votes) {
    if (v.winner === v.loser) continue;
    const a = index.get(v.winner)!;
    const b = index.get(v.loser)!;
    if (v.tie) {
      wins[a]![b]! += 0.5;
      wins[b]![a]! += 0.5;
      tally[a]!.ties++;
      tally[b]!.ties++;
    } else {
      wins[a]![b]! += 1;
      tally[a]!.wins++;
      tally[b]!.losses++;
    }
  }
  for (let i = 0; i < n; i++) {
    wins[i]![n]! += PRIOR;
    wins[n]![i]! += PRIOR;
  }
  // Strengths; the virtual opponent stays at 1 (the average).
  let p = Array(n + 1).fill(1) as number[];
  for (let it = 0; it < iterations; it++) {
    const next = [...p];
    for (let i = 0; i < n; i++) {
      let won = 0;
      let denominator = 0;
      for (let j = 0; j <= n; j++) {
        if (i === j) continue;
        const games = wins[i]![j]! + wins[j]![i]!;
        if (!games) continue;
        won += wins[i]![j]!;
        denominator += games / (p[i]! + p[j]!);
      }
      next[i] = denominator ? won / denominator : 1;
    }
    next[n] = 1;
    p = next;
  }
  return ids.map((id, i) => {
    // Fisher information of log p_i (the others held): Σ games p_i p_j / (p_i + p_j)².
    let information = 0;
    for (let j = 0; j <= n; j++) {
      if (i === j) continue;
      const games = wins[i]![j]! + wins[j]![i]!;
      information += (games * p[i]! * p[j]!) / (p[i]! + p[j]!) ** 2;
    }
    const rating = 1500 + ELO * Math.log(p[i]!);
    const half = (1.96 * ELO) / Math.sqrt(information);
    const t = tally[i]!;
    const played = t.wins + t.losses + t.ties;
    return {
      id,
      ...t,
      win_rate: played ? (t.wins + t.ties / 2) / played : null,
      rating: Math.round(rating),
      interval: [Math.round(rating - half), Math.round(rating + half)],
    };
  });
}
