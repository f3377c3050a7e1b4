/** Values marked by `unchanging`: frozen all the way down. */
const unchangingValues = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  for (const child of Object.values(value)) deepFreeze(child);
  Object.freeze(value);
}

/**
 * Freezes a value that a cache hands out again and again, all the way down, and marks it so: what
 * is derived from it may then be kept beside it for as long as it lives (the route's answer text,
 * lib/http/response-serializer.ts; decision 046).
 */
export function unchanging<T extends object>(value: T): T {
  deepFreeze(value);
  unchangingValues.add(value);
  return value;
}

/** Whether `value` was marked by `unchanging`, so cannot change. */
export function isUnchanging(value: unknown): value is object {
  return typeof value === 'object' && value !== null && unchangingValues.has(value);
}
