/** Refused because `maxWaiting` tasks are already queued: the caller should shed the work, not pile on. */
export class QueueFullError extends Error {
  constructor() {
    super('Too many tasks are waiting.');
  }
}

export interface ConcurrencyLimit {
  /** Runs the task when fewer than `max` are running (first come, first served); rejects at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/** A semaphore with a bounded queue: at most `max` tasks run at once and at most `maxWaiting` wait. */
export function concurrencyLimit(max: number, maxWaiting = Number.POSITIVE_INFINITY): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, not ${max}`);
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) {
        active += 1;
      } else {
        if (queue.length >= maxWaiting) throw new QueueFullError();
        // The slot is handed over by release() without ever being counted free in between.
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
