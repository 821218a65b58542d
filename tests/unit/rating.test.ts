import { describe, expect, it } from 'vitest';
import { rate, type Vote } from '@shared/rating';

const votes = (winner: string, loser: string, times: number, tie = false): Vote[] => Array.from({ length: times }, () => ({ winner, loser, tie }));
const byId = (ratings: ReturnType<typeof rate>) => Object.fromEntries(ratings.map((r) => [r.id, r]));

describe('ratings from blind votes (Bradley–Terry on the Elo scale)', () => {
  it('rates an even record at 1500 and a better one above, in order of strength', () => {
    const r = byId(rate([...votes('a', 'b', 5), ...votes('b', 'a', 5)]));
    expect(r.a!.rating).toBe(1500);
    expect(r.b!.rating).toBe(1500);
    const ordered = byId(
      rate([...votes('a', 'b', 8), ...votes('b', 'a', 2), ...votes('b', 'c', 8), ...votes('c', 'b', 2), ...votes('a', 'c', 9), ...votes('c', 'a', 1)]),
    );
    expect(ordered.a!.rating).toBeGreaterThan(ordered.b!.rating);
    expect(ordered.b!.rating).toBeGreaterThan(ordered.c!.rating);
  });

  it('recovers the odds of the votes: 3 wins to 1 is about 190 Elo points apart', () => {
    const r = byId(rate([...votes('a', 'b', 300), ...votes('b', 'a', 100)]));
    // 400 · log10(3) ≈ 191; the weak prior pulls it in by a point or two.
    expect(r.a!.rating - r.b!.rating).toBeGreaterThan(180);
    expect(r.a!.rating - r.b!.rating).toBeLessThan(195);
    expect(r.a!.win_rate).toBe(0.75);
  });

  it('gives an honest interval: wide with one vote, narrower with many, containing the rating', () => {
    const one = byId(rate(votes('a', 'b', 1)));
    const many = byId(rate([...votes('a', 'b', 60), ...votes('b', 'a', 40)]));
    const width = (x: { interval: [number, number] }) => x.interval[1] - x.interval[0];
    expect(width(one.a!)).toBeGreaterThan(2 * width(many.a!));
    for (const r of [one.a!, one.b!, many.a!, many.b!]) {
      expect(r.interval[0]).toBeLessThan(r.rating);
      expect(r.interval[1]).toBeGreaterThan(r.rating);
    }
    // A clean sweep stays finite.
    expect(Number.isFinite(byId(rate(votes('a', 'b', 50))).a!.rating)).toBe(true);
  });

  it('counts a tie half a win each way', () => {
    const r = byId(rate(votes('a', 'b', 4, true)));
    expect(r.a).toMatchObject({ wins: 0, losses: 0, ties: 4, win_rate: 0.5, rating: 1500 });
  });
});
