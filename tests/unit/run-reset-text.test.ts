import { describe, expect, it } from 'vitest';
import { resetText } from '@/features/workbench/components/run-answer';

/** The day's runs come back at midnight UTC: the local time alone ('Resets at 12:00 AM') did not say so (issue 32, item 15). */
describe('the run quota reset line', () => {
  it('gives the local time and says it is midnight UTC', () => {
    expect(resetText(new Date('2026-11-26T15:00:00Z'))).toMatch(/^Resets at \d{1,2}:\d{2}.* \(midnight UTC\)\.$/);
  });
});
