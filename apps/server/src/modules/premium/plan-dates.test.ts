import { describe, expect, it } from 'vitest';
import { planEnd, planLabel, planStart } from './plan-dates.ts';

const at = (iso: string) => new Date(iso);

describe('plan dates', () => {
  it('adds whole weeks of seven days', () => {
    expect(planEnd(at('2026-03-01T10:00:00Z'), 'week', 1)).toEqual(at('2026-03-08T10:00:00Z'));
    expect(planEnd(at('2026-03-01T10:00:00Z'), 'week', 100)).toEqual(at('2028-01-30T10:00:00Z'));
  });

  it('adds calendar months, keeping the day and the time', () => {
    expect(planEnd(at('2026-03-15T10:30:00Z'), 'month', 1)).toEqual(at('2026-04-15T10:30:00Z'));
    expect(planEnd(at('2026-11-20T00:00:00Z'), 'month', 3)).toEqual(at('2027-02-20T00:00:00Z'));
    expect(planEnd(at('2026-01-01T00:00:00Z'), 'month', 150)).toEqual(at('2038-07-01T00:00:00Z'));
  });

  it('ends on the last day of a shorter month', () => {
    expect(planEnd(at('2026-01-31T09:00:00Z'), 'month', 1)).toEqual(at('2026-02-28T09:00:00Z'));
    expect(planEnd(at('2028-01-31T09:00:00Z'), 'month', 1)).toEqual(at('2028-02-29T09:00:00Z'));
    expect(planEnd(at('2026-03-31T09:00:00Z'), 'month', 1)).toEqual(at('2026-04-30T09:00:00Z'));
    expect(planEnd(at('2026-12-31T09:00:00Z'), 'month', 2)).toEqual(at('2027-02-28T09:00:00Z'));
  });

  it('starts a new plan now, or when the current one ends', () => {
    const now = at('2026-05-01T00:00:00Z');
    expect(planStart(now, null)).toBe(now);
    expect(planStart(now, at('2026-04-01T00:00:00Z'))).toBe(now);
    expect(planStart(now, at('2026-05-20T00:00:00Z'))).toEqual(at('2026-05-20T00:00:00Z'));
  });

  it('labels plans as the web translates them', () => {
    expect(planLabel('week', 1)).toBe('Week 1');
    expect(planLabel('month', 12)).toBe('Month 12');
  });
});
