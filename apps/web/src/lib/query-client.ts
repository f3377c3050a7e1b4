import { QueryClient } from '@tanstack/react-query';
import { worthRetrying } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

/**
 * The app's one query cache. It arrives with the first page that asks the server through it, not
 * with the landing and sign-in pages (lib/queries.tsx, decision 040).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: worthRetrying,
      refetchOnWindowFocus: false,
    },
  },
});

// What the cache holds was asked for by one session: another session (signing in or out, viewing
// the app as someone else) starts from an empty one.
tokenStorage.onChange(() => queryClient.clear());
