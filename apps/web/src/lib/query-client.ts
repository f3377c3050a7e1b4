import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

/**
 * The app's one query cache. It arrives with the first page that asks the server through it, not
 * with the landing and sign-in pages (lib/queries.tsx, decision 040).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not improve with a retry; network blips might.
      retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// What the cache holds was asked for by one session: another session (signing in or out, viewing
// the app as someone else) starts from an empty one.
tokenStorage.onChange(() => queryClient.clear());
