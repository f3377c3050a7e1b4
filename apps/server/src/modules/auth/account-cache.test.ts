import { describe, expect, it } from 'vitest';
import { AccountCache } from './account-cache.ts';
import type { TokenLookup } from './tokens.repository.ts';

/** A database whose announcements and listening state the test drives by hand. */
function fakeDatabase() {
  const calls = { message: (_payload: string) => {}, listening: (_on: boolean) => {} };
  return {
    calls,
    listen: async (_channel: string, message: (payload: string) => void, listening: (on: boolean) => void) => {
      calls.message = message;
      calls.listening = listening;
      listening(true);
      return async () => listening(false);
    },
  };
}

const lookup = (userId: number, creatorId?: number) =>
  ({ user: { id: userId }, creator: creatorId ? { id: creatorId } : null }) as unknown as TokenLookup;

describe('AccountCache', () => {
  it("drops a user's entries when announced, including impersonation tokens of a staff member", async () => {
    const database = fakeDatabase();
    const cache = new AccountCache();
    await cache.start(database);
    cache.store('a', lookup(1), cache.ticket());
    cache.store('b', lookup(2, 9), cache.ticket());
    cache.store('c', lookup(3), cache.ticket());
    database.calls.message('9');
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    database.calls.message('*');
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing read across an announcement, nor while it cannot hear them', async () => {
    const database = fakeDatabase();
    const cache = new AccountCache();
    await cache.start(database);
    const ticket = cache.ticket();
    database.calls.message('5');
    cache.store('a', lookup(1), ticket);
    expect(cache.get('a')).toBeUndefined();

    cache.store('a', lookup(1), cache.ticket());
    database.calls.listening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.store('a', lookup(1), cache.ticket());
    expect(cache.get('a')).toBeUndefined();
    database.calls.listening(true);
    cache.store('a', lookup(1), cache.ticket());
    expect(cache.get('a')).toBeDefined();
  });
});
