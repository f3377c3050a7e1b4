import { describe, expect, it } from 'vitest';
import { AnnouncedCache } from './announced-cache.ts';

interface Value {
  userId: number;
  items: number[];
}

/** A cache on a fake database whose announcements and connection state the test drives. */
async function cacheOnFakeDatabase(maxWeight = 10) {
  let announce: (payload: string) => void = () => {};
  let setListening: (listening: boolean) => void = () => {};
  const cache = new AnnouncedCache<Value>({
    channel: 'test',
    usersOf: (value) => [value.userId],
    lifetimeMs: 60_000,
    maxWeight,
    weigh: (value) => value.items.length,
  });
  await cache.start({
    listen: async (_channel, onMessage, onListening) => {
      announce = onMessage;
      setListening = onListening;
      onListening(true);
      return async () => onListening(false);
    },
  });
  return { cache, announce: (payload: string) => announce(payload), setListening: (on: boolean) => setListening(on) };
}

const value = (userId: number, size: number): Value => ({ userId, items: Array.from({ length: size }, (_, i) => i) });

describe('AnnouncedCache', () => {
  it('drops what a user’s announcement concerns, and everything on "*"', async () => {
    const { cache, announce } = await cacheOnFakeDatabase();
    cache.store('a:1', value(1, 1), cache.ticket());
    cache.store('b:1', value(1, 1), cache.ticket());
    cache.store('a:2', value(2, 1), cache.ticket());
    announce('1');
    expect([cache.get('a:1'), cache.get('b:1')]).toEqual([undefined, undefined]);
    expect(cache.get('a:2')).toEqual(value(2, 1));
    announce('*');
    expect(cache.get('a:2')).toBeUndefined();
  });

  it('does not keep a value read while a change was announced, nor while announcements cannot be heard', async () => {
    const { cache, announce, setListening } = await cacheOnFakeDatabase();
    const ticket = cache.ticket();
    announce('7');
    cache.store('a:1', value(1, 1), ticket);
    expect(cache.get('a:1')).toBeUndefined();

    cache.store('a:1', value(1, 1), cache.ticket());
    setListening(false);
    expect(cache.get('a:1')).toBeUndefined();
    cache.store('a:1', value(1, 1), cache.ticket());
    expect(cache.get('a:1')).toBeUndefined();
  });

  it('stays within its weight, dropping the least recently stored first', async () => {
    const { cache } = await cacheOnFakeDatabase(10);
    cache.store('a:1', value(1, 4), cache.ticket());
    cache.store('a:2', value(2, 4), cache.ticket());
    cache.store('a:3', value(3, 4), cache.ticket());
    expect([cache.get('a:1'), cache.get('a:2'), cache.get('a:3')].map((entry) => entry?.userId)).toEqual([
      undefined,
      2,
      3,
    ]);
    // Stored again, an entry replaces itself rather than counting twice.
    cache.store('a:3', value(3, 6), cache.ticket());
    expect(cache.get('a:2')).toBeDefined();
    // Heavier than the whole cache: not kept, and nothing else is dropped for it.
    cache.store('a:4', value(4, 11), cache.ticket());
    expect([cache.get('a:2'), cache.get('a:3'), cache.get('a:4')].map((entry) => entry?.userId)).toEqual([
      2,
      3,
      undefined,
    ]);
  });
});
