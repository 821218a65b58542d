import { type LimitKind, limitFor, limitMessage, type Tier } from '@shared/tiers';
import { ForbiddenError } from '../http/errors';

/**
 * Plan-limit counters. A workspace's holder item (the user item, or the team item) counts what the
 * plan limits, one attribute per kind; a create claims its slot in the same transaction as the
 * item it creates, so concurrent creates can never pass a limit together. These are the update
 * expressions; users.ts and team.ts put them on their items (userParts / teamParts).
 */
export const COUNTERS = { max_prompts: 'prompts_used', max_categories: 'categories_used', max_snippets: 'snippets_used' } as const;
export const ZERO_COUNTERS = { prompts_used: 0, categories_used: 0, snippets_used: 0 };

export interface CounterUpdate {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, number>;
}

/**
 * Slots of one or more kinds in one update (a transaction may touch the holder item once): all of
 * them or none, i.e. `used + n <= limit` per kind, written as `used <= limit - n` because
 * conditions have no arithmetic.
 */
export function slotClaims(tier: Tier, counts: Partial<Record<LimitKind, number>>): CounterUpdate {
  const adds: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  Object.entries(counts).forEach(([kind, count], i) => {
    const limit = limitFor(tier, kind as LimitKind);
    names[`#c${i}`] = COUNTERS[kind as LimitKind];
    values[`:n${i}`] = count;
    adds.push(`#c${i} :n${i}`);
    if (limit === null) return;
    // More than the whole limit never fits: the holder item always exists, so this always fails.
    if (limit - count < 0) conditions.push('attribute_not_exists(pk)');
    else {
      values[`:room${i}`] = limit - count;
      conditions.push(`(attribute_not_exists(#c${i}) OR #c${i} <= :room${i})`);
    }
  });
  return {
    UpdateExpression: `ADD ${adds.join(', ')}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** One slot of `kind` given back (the item deleted). */
export const slotRelease = (kind: LimitKind): CounterUpdate => ({
  UpdateExpression: 'ADD #c :minus',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeNames: { '#c': COUNTERS[kind] },
  ExpressionAttributeValues: { ':minus': -1 },
});

/** A count with a cap of its own, whatever the plan (a workspace's model connections): an increment fails at `max`. */
export const cappedCount = (attribute: string, delta: 1 | -1, max?: number): CounterUpdate => ({
  UpdateExpression: 'ADD #c :d',
  ConditionExpression: delta > 0 ? 'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c < :max)' : 'attribute_exists(pk)',
  ExpressionAttributeNames: { '#c': attribute },
  ExpressionAttributeValues: { ':d': delta, ...(delta > 0 ? { ':max': max ?? 0 } : {}) },
});

/** The 403 of a claim that found the plan's limit reached. */
export const limitError = (tier: Tier, kind: LimitKind) => () => new ForbiddenError(limitMessage(kind, limitFor(tier, kind) ?? 0));
