import { describe, expect, it } from 'vitest';
import { limitFor, planLimits, tierAllows } from '@shared/tiers';

describe('plan limits (docs/product.md)', () => {
  it.each([
    ['free', { max_prompts: 5, max_categories: 3, max_snippets: 5 }],
    ['pro', { max_prompts: 50, max_categories: 20, max_snippets: 50 }],
    ['elite', { max_prompts: null, max_categories: null, max_snippets: null }],
  ])('%s', (tier, limits) => {
    expect(planLimits(tier)).toEqual(limits);
  });

  it('is 0 for an unknown or missing tier', () => {
    expect(limitFor('platinum', 'max_prompts')).toBe(0);
    expect(limitFor(undefined, 'max_categories')).toBe(0);
    expect(limitFor(null, 'max_snippets')).toBe(0);
  });

  it('lets a tier see its own content and the tiers below', () => {
    expect(tierAllows('pro', 'free')).toBe(true);
    expect(tierAllows('pro', 'pro')).toBe(true);
    expect(tierAllows('pro', 'elite')).toBe(false);
    expect(tierAllows('free', 'pro')).toBe(false);
    expect(tierAllows('elite', 'elite')).toBe(true);
  });
});
