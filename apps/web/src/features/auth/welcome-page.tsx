import { accountEndpoints, type CefrLevel } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { call } from '../../lib/api-client.ts';
import { fieldErrorOr } from '../../lib/error-text.ts';
import { AuthCard } from './auth-card.tsx';
import { useAuth } from './auth-provider.tsx';
import { needsWelcome, useNextPath } from './next-path.ts';
import {
  browserLanguage,
  NativeLanguageField,
  StartingLevelField,
  useNativeLanguageChoice,
} from './onboarding-fields.tsx';

/**
 * Asked once of a learner who has not said their starting level: after a third-party sign-in
 * (which creates the account without asking) and for accounts made before sign-up asked. Then on
 * to the page they were going to, or home.
 */
export function WelcomePage() {
  const { t } = useTranslation();
  const { user, mergeUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = useNextPath();
  // An account made by a third-party sign-in never chose a language (the provider does not say;
  // the profile shows the spec's default), so the browser's is proposed; others keep theirs.
  const [nativeLanguage, setNativeLanguage] = useNativeLanguageChoice(
    (user?.has_password === false && browserLanguage()) || (user?.native_language_code ?? 'en'),
  );
  const [level, setLevel] = useState<CefrLevel | null>(null);
  const [checked, setChecked] = useState(false);
  const save = useMutation({
    mutationFn: (startingLevel: CefrLevel) =>
      call(accountEndpoints.updateUser, {
        body: { native_language_code: nativeLanguage, starting_level: startingLevel },
      }),
    onSuccess(updated) {
      mergeUser(updated);
      // Home's suggested list depends on the level just given.
      void queryClient.invalidateQueries({ queryKey: ['home'] });
      void navigate(next ?? '/home', { replace: true });
    },
  });

  if (user && !needsWelcome(user) && !save.isSuccess) return <Navigate to={next ?? '/home'} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (level) save.mutate(level);
  };

  return (
    <AuthCard title={t('onboarding.welcomeTitle')}>
      <Typography color="text.secondary">{t('onboarding.welcomeText')}</Typography>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        {save.isError && <Alert severity="error">{fieldErrorOr(t, save.error, 'errors.updateProfile')}</Alert>}
        <NativeLanguageField value={nativeLanguage} onChange={setNativeLanguage} />
        <StartingLevelField
          value={level}
          onChange={setLevel}
          error={checked && !level ? t('onboarding.chooseLevel') : undefined}
        />
        <Button type="submit" variant="contained" size="large" loading={save.isPending}>
          {t('onboarding.continue')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
