import { lazy, type ComponentType } from 'react';

/** The component `load` gives, drawn inside the app's query cache, once both have arrived. */
export async function withQueries<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  const [Component, { WithQueries }] = await Promise.all([load(), import('./queries.tsx')]);
  return function WithTheQueryCache(props: Props) {
    return (
      <WithQueries>
        <Component {...props} />
      </WithQueries>
    );
  };
}

/**
 * withQueries(load), loaded when it is first drawn: every lazily loaded page, and each part of the
 * first pages that asks the server, is drawn through this, so TanStack Query stays out of the first
 * page's JavaScript (decision 040).
 */
export function lazyWithQueries<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await withQueries(load) }));
}
