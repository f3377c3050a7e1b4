import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';

/** The app's one query cache: App provides it, and main.tsx starts the profile in it before App renders. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not improve with a retry; network blips might.
      retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
