import { usersMetricsSchema, type UsersMetrics } from '@vocagarden/contract';
import { describe, expect, it } from 'vitest';
import { formatMetricChange, formatStaffMoney, formatStaffPercent } from './format.ts';
import { memoryStorage } from '../../lib/testing/memory-storage.ts';
import { metricChanges, readStoredMetrics, storeMetrics } from './metrics-cache.ts';

const figures: UsersMetrics = {
  total_users: 120,
  new_users_today: 3,
  new_users_this_month: 40,
  monthly_active_users: 80,
  today_active_users: 12,
  monthly_premium_users_percentage: 12.5,
  total_classrooms: 4,
};

describe('stored metrics', () => {
  it('round-trips the figures with the time they were fetched', () => {
    const storage = memoryStorage();
    storeMetrics('users', figures, new Date('2026-11-22T10:00:00Z'), storage);
    expect(readStoredMetrics('users', usersMetricsSchema, storage)).toEqual({
      at: '2026-11-22T10:00:00.000Z',
      values: figures,
    });
  });

  it('ignores nothing stored, broken JSON, a bad date and figures that no longer fit the contract', () => {
    const storage = memoryStorage();
    expect(readStoredMetrics('users', usersMetricsSchema, storage)).toBeNull();
    storage.setItem('vocagarden.analytics.users', '{oops');
    expect(readStoredMetrics('users', usersMetricsSchema, storage)).toBeNull();
    storage.setItem('vocagarden.analytics.users', JSON.stringify({ at: 'yesterday', values: figures }));
    expect(readStoredMetrics('users', usersMetricsSchema, storage)).toBeNull();
    storage.setItem(
      'vocagarden.analytics.users',
      JSON.stringify({ at: '2026-11-22T10:00:00Z', values: { total_users: '120' } }),
    );
    expect(readStoredMetrics('users', usersMetricsSchema, storage)).toBeNull();
  });
});

describe('changes since the last visit', () => {
  it('subtracts the stored figures, field by field, without floating-point noise', () => {
    const changes = metricChanges(
      { ...figures, total_users: 125, monthly_premium_users_percentage: 12.6 },
      { ...figures },
    );
    expect(changes.total_users).toBe(5);
    expect(changes.monthly_premium_users_percentage).toBe(0.1);
    expect(changes.new_users_today).toBe(0);
  });

  it('has none on a first visit', () => {
    expect(metricChanges({ ...figures }, undefined)).toEqual({});
  });

  it("writes a change signed, in the metric's own unit, and nothing for no change", () => {
    expect(formatMetricChange(5, 'count', 'TRY')).toBe('+5');
    expect(formatMetricChange(-1234, 'count', 'TRY')).toBe('−1.234');
    expect(formatMetricChange(0, 'count', 'TRY')).toBeNull();
    expect(formatMetricChange(-3990, 'money', 'TRY')).toBe(`−${formatStaffMoney(3990, 'TRY')}`);
    expect(formatStaffMoney(399000, 'TRY')).toMatch(/^₺3\.990,00$/);
    expect(formatStaffPercent(25)).toBe('%25,00');
    expect(formatStaffPercent(33.33)).toBe('%33,33');
  });
});
