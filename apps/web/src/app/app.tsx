import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ConfirmProvider } from '../components/confirm-provider.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { SnackbarProvider } from '../components/snackbar-provider.tsx';
import { AuthProvider, useAuth, ViewingAsBanner } from '../features/auth/index.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not improve with a retry; network blips might.
      retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

function Routes() {
  const { loadingUser } = useAuth();
  // With a stored token, the current user loads before any route renders (spec §2).
  if (loadingUser) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <ConfirmProvider>
            <AuthProvider>
              <Routes />
              <ViewingAsBanner />
            </AuthProvider>
          </ConfirmProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
