import { describe, expect, it } from 'vitest';
import { localDate, streakLength } from './home.repository.ts';

describe('streakLength', () => {
  it.each([
    [[], '2026-11-22', 0],
    [['2026-11-22'], '2026-11-22', 1],
    [['2026-11-21', '2026-11-20'], '2026-11-22', 2],
    [['2026-11-22', '2026-11-21', '2026-11-19'], '2026-11-22', 2],
    [['2026-11-20'], '2026-11-22', 0],
    [['2026-03-01', '2026-02-28'], '2026-03-01', 2],
  ])('%j on %s is %i', (days, today, expected) => {
    expect(streakLength(days, today)).toBe(expected);
  });
});

describe('localDate', () => {
  it('uses the learner’s time zone', () => {
    const lateEvening = new Date('2026-11-21T22:30:00Z');
    expect(localDate(lateEvening, 'UTC')).toBe('2026-11-21');
    expect(localDate(lateEvening, 'Europe/Istanbul')).toBe('2026-11-22');
    expect(localDate(lateEvening, 'America/Mexico_City')).toBe('2026-11-21');
  });
});
