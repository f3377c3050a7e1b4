import { describe, expect, it } from 'vitest';
import { browserTimeZone } from './time-zone.ts';

describe('browserTimeZone', () => {
  it("takes Temporal's answer where the browser has it", () => {
    expect(browserTimeZone({ Temporal: { Now: { timeZoneId: () => 'Asia/Baku' } } })).toBe('Asia/Baku');
  });

  it("falls back to Intl's, which names the same zone", () => {
    expect(browserTimeZone({})).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
