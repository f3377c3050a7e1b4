import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { callFirstPage } from '../../lib/lazy-endpoints.ts';
import { startThirdPartySignIn } from './third-party-sign-in.ts';

/**
 * "Continue with …" for each configured third-party sign-in; each starts at the server's start_url
 * and comes back to `next` (the page that sent the visitor to sign in), if any.
 */
export function ProviderList({ next }: { next: string | null }) {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => callFirstPage((api) => api.authEndpoints.providers),
  });
  if (!providers.data?.length) return null;
  return (
    <>
      <Divider>{t('auth.or')}</Divider>
      <Stack spacing={1}>
        {providers.data.map((provider) => (
          <Button key={provider.id} variant="outlined" onClick={() => startThirdPartySignIn(provider.start_url, next)}>
            {t('auth.continueWith', { provider: provider.name })}
          </Button>
        ))}
      </Stack>
    </>
  );
}
