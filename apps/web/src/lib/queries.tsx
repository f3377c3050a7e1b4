import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The app's query cache, for what it wraps. It comes in a chunk of its own, which the first pages
 * go without: a component that asks the server through TanStack Query is loaded with it by
 * lazyWithQueries (decision 040).
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
