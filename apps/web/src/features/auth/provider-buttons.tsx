import { authEndpoints } from '@vocagarden/contract';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client.ts';
import { startThirdPartySignIn } from './third-party-sign-in.ts';

/** "Continue with …" for each configured third-party sign-in; each starts at the server's start_url. */
export function ProviderButtons() {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => call(authEndpoints.providers),
  });
  if (!providers.data?.length) return null;
  return (
    <>
      <Divider>{t('auth.or')}</Divider>
      <Stack spacing={1}>
        {providers.data.map((provider) => (
          <Button key={provider.id} variant="outlined" onClick={() => startThirdPartySignIn(provider.start_url)}>
            {t('auth.continueWith', { provider: provider.name })}
          </Button>
        ))}
      </Stack>
    </>
  );
}
