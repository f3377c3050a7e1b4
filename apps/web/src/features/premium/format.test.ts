import { PLAN_UNIT_LIMITS, uiLanguages } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/testing/translator.ts';
import {
  checkoutTarget,
  formatDate,
  formatMoney,
  formatNumber,
  parseOrderId,
  parsePlan,
  planLabel,
  safeReturnPath,
  unitsLabel,
} from './format.ts';

describe('unit labels', () => {
  it('read "1 Week" … "100 Weeks" and "1 Month" … "150 Months" in English', async () => {
    const t = await translator('en');
    expect(unitsLabel(t, 'week', 1)).toBe('1 Week');
    expect(unitsLabel(t, 'week', 2)).toBe('2 Weeks');
    expect(unitsLabel(t, 'week', 100)).toBe('100 Weeks');
    expect(unitsLabel(t, 'month', 1)).toBe('1 Month');
    expect(unitsLabel(t, 'month', 3)).toBe('3 Months');
    expect(unitsLabel(t, 'month', 150)).toBe('150 Months');
  });

  it('follow each language: Spanish singular and plural, one form in Turkish and Azerbaijani', async () => {
    const [esT, trT, azT] = await Promise.all([translator('es'), translator('tr'), translator('az')]);
    expect([unitsLabel(esT, 'week', 1), unitsLabel(esT, 'week', 2), unitsLabel(esT, 'month', 1)]).toEqual([
      '1 semana',
      '2 semanas',
      '1 mes',
    ]);
    expect(unitsLabel(esT, 'month', 150)).toBe('150 meses');
    expect([unitsLabel(trT, 'week', 1), unitsLabel(trT, 'month', 3)]).toEqual(['1 Hafta', '3 Ay']);
    expect([unitsLabel(azT, 'week', 1), unitsLabel(azT, 'month', 3)]).toEqual(['1 Həftə', '3 Ay']);
  });

  it.each(uiLanguages)('exist for every count in %s (no key shown raw)', async (language) => {
    const t = await translator(language);
    for (const unit of ['week', 'month'] as const) {
      for (let count = 1; count <= PLAN_UNIT_LIMITS[unit]; count += 1) {
        const label = unitsLabel(t, unit, count);
        expect(label).toMatch(new RegExp(`^${count} \\S`));
        expect(label).not.toContain('premium.');
      }
    }
  });
});

describe('plan labels from subscriptions', () => {
  it('parse "Week N" and "Month N" and translate them', async () => {
    expect(parsePlan('Month 3')).toEqual({ unit: 'month', units: 3 });
    expect(parsePlan('week 1')).toEqual({ unit: 'week', units: 1 });
    expect(parsePlan('Year 1')).toBeNull();
    expect(parsePlan('Month 0')).toBeNull();
    expect(planLabel(await translator('tr'), 'Month 12')).toBe('12 Ay');
    expect(planLabel(await translator('en'), 'Week 1')).toBe('1 Week');
  });

  it('show an unexpected plan text as sent', async () => {
    expect(planLabel(await translator('en'), 'Lifetime')).toBe('Lifetime');
  });
});

describe('money', () => {
  it('is kuruş shown as lira with the ₺ sign in the learner’s locale', () => {
    expect(formatMoney(14970, 'TRY', 'en')).toBe('₺149.70');
    expect(formatMoney(14970, 'TRY', 'tr')).toBe('₺149,70');
    expect(formatMoney(123450, 'TRY', 'es').replace(/\s/g, ' ')).toBe('1234,50 ₺');
    expect(formatMoney(123450, 'TRY', 'az').replace(/\s/g, ' ')).toBe('1.234,50 ₺');
  });

  it('and dates are written the Azerbaijani way, whether or not the browser knows Azerbaijani', () => {
    expect(formatDate('2026-11-27T12:00:00Z', 'az')).toBe('27 noyabr 2026');
    expect(formatDate('2026-11-27T12:00:00Z', 'tr')).toBe('27 Kasım 2026');
    expect(formatNumber(13000, 'az')).toBe('13.000');
  });
});

describe('numbers', () => {
  const samples = [0, 7, 999, 1000, 4352, 9999, 10000, 13000, 13245, 99999, 100000, 1234567, 2 ** 40];

  it('are whole numbers grouped as Intl groups them in every interface language', () => {
    for (const language of uiLanguages) {
      const intl = new Intl.NumberFormat(language);
      for (const value of samples)
        expect(formatNumber(value, language), `${value} in ${language}`).toBe(intl.format(value));
    }
  });

  it('and anything else is left to Intl', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(-5000, 'tr')).toBe('-5.000');
    expect(formatNumber(13000, 'de')).toBe('13.000');
  });
});

describe('checkout redirects', () => {
  const origin = 'https://vocagarden.example';
  it('go through the router for our own paths and leave the site only for https', () => {
    expect(checkoutTarget('/premium/sandbox/7', origin)).toEqual({ kind: 'route', path: '/premium/sandbox/7' });
    expect(checkoutTarget(`${origin}/premium/sandbox/7?x=1`, origin)).toEqual({
      kind: 'route',
      path: '/premium/sandbox/7?x=1',
    });
    expect(checkoutTarget('https://sandbox-cpp.iyzipay.com/?token=abc', origin)).toEqual({
      kind: 'external',
      url: 'https://sandbox-cpp.iyzipay.com/?token=abc',
    });
  });

  it('refuse anything else', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example',
      'http://evil.example/',
      'javascript:alert(1)',
      'nonsense',
    ])
      expect(checkoutTarget(url, origin), url).toBeNull();
  });
});

describe('addresses', () => {
  it('return only to pages of the app', () => {
    expect(safeReturnPath('/category/103')).toBe('/category/103');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/premium/error?order=1')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it('take only real order ids', () => {
    expect(parseOrderId('12')).toBe(12);
    expect(['0', '-1', '1.5', 'abc', '', '2147483648', '012'].map(parseOrderId)).toEqual(Array(7).fill(null));
    expect(parseOrderId(null)).toBeNull();
  });
});
