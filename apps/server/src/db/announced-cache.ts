import type { DatabaseHandle } from './client.ts';

export interface AnnouncedCacheOptions<V> {
  /** The channel the database's triggers announce changes on: a user's id, or '*' for everyone. */
  channel: string;
  /** The users an entry depends on: a change announced for any of them drops it. */
  usersOf(value: V): readonly number[];
  /** A safety net only: every change is announced, so entries are normally dropped long before this. */
  lifetimeMs: number;
  /** Bounds memory: past it, the least recently stored entries are dropped first. */
  maxWeight: number;
  /** What an entry counts against maxWeight; 1 when left out. */
  weigh?(value: V): number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  weight: number;
}

/**
 * What the database holds about users, kept in memory per instance (decisions 026 and 030). It
 * stays right because the database announces every change on the cache's channel, whoever makes it
 * (a request on any instance, a job, a CLI), and the entries of that user are dropped. While the
 * announcements cannot be heard (the listening connection is down), the cache is empty and unused,
 * so nothing stale is ever answered from it.
 */
export class AnnouncedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** The keys each user's entries are stored under. */
  private readonly byUser = new Map<number, Set<string>>();
  private weight = 0;
  private listening = false;
  /** Counts drops: a read that overlapped one may have seen the database before the change. */
  private drops = 0;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly options: AnnouncedCacheOptions<V>) {}

  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    this.stopListening = await database.listen(
      this.options.channel,
      (payload) => (payload === '*' ? this.clear() : this.dropUser(Number(payload))),
      (listening) => {
        this.clear();
        this.listening = listening;
      },
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /** Whether changes are being heard: nothing may be trusted from memory otherwise. */
  protected get isListening(): boolean {
    return this.listening;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.options.lifetimeMs) {
      this.drop(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading the database; hand the result to `store` with the value it read. */
  ticket(): number {
    return this.drops;
  }

  store(key: string, value: V, ticket: number): void {
    // A change announced while the value was being read may not be in it: it is not kept.
    if (!this.listening || ticket !== this.drops) return;
    const weight = this.options.weigh?.(value) ?? 1;
    if (weight > this.options.maxWeight) return;
    this.drop(key);
    while (this.weight + weight > this.options.maxWeight) this.drop(this.entries.keys().next().value!);
    this.weight += weight;
    this.entries.set(key, { value, storedAt: Date.now(), weight });
    for (const userId of this.options.usersOf(value)) {
      const keys = this.byUser.get(userId) ?? new Set<string>();
      keys.add(key);
      this.byUser.set(userId, keys);
    }
  }

  /** Drops the entries of this user, here and now; other instances hear of it from the database. */
  dropUser(userId: number): void {
    this.drops += 1;
    for (const key of this.byUser.get(userId) ?? []) this.drop(key);
  }

  /** The entries that depend on this user. */
  protected *valuesOf(userId: number): Generator<V> {
    for (const key of this.byUser.get(userId) ?? []) {
      const value = this.get(key);
      if (value !== undefined) yield value;
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    for (const userId of this.options.usersOf(entry.value)) {
      const keys = this.byUser.get(userId);
      keys?.delete(key);
      if (keys?.size === 0) this.byUser.delete(userId);
    }
  }

  private clear(): void {
    this.drops += 1;
    this.entries.clear();
    this.byUser.clear();
    this.weight = 0;
  }
}
