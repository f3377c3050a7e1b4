import type { Executor } from './client.ts';

const prepared = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A statement of a hot path, prepared once per database under `name` (`build` must prepare it with
 * that name and placeholders): Drizzle builds its SQL once, and PostgreSQL parses and plans it once
 * per connection instead of on every request.
 */
export function preparedOnce<T>(db: Executor, name: string, build: (name: string) => T): T {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build(name));
  return statements.get(name) as T;
}
