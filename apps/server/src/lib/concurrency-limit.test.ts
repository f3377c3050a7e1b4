import { describe, expect, it } from 'vitest';
import { concurrencyLimit, QueueFullError } from './concurrency-limit.ts';

/** A task that finishes when the test says so. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  it('runs at most max tasks at once, the rest in arrival order', async () => {
    const limit = concurrencyLimit(2);
    const tasks = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = tasks.map((task, index) =>
      limit.run(async () => {
        started.push(index);
        await task.promise;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limit.active, limit.waiting]).toEqual([2, 3]);

    tasks[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect([limit.active, limit.waiting]).toEqual([2, 2]);

    for (const task of tasks) task.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    const failing = deferred();
    const first = limit.run(() => failing.promise);
    const second = limit.run(async () => 'second');
    failing.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe('second');
    expect(limit.active).toBe(0);
  });

  it('refuses new tasks at once when the queue is full', async () => {
    const limit = concurrencyLimit(1, 2);
    const blocker = deferred();
    const runs = [limit.run(() => blocker.promise), limit.run(async () => 1), limit.run(async () => 2)];
    await expect(limit.run(async () => 3)).rejects.toBeInstanceOf(QueueFullError);
    blocker.finish();
    await Promise.all(runs);
    expect(await limit.run(async () => 4)).toBe(4);
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
  });
});
