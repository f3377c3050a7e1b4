import { authEndpoints, cefrLevelSchema, isUiLanguage, signupSchema, type CefrLevel } from '@vocagarden/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { call } from '../../lib/api-client.ts';
import {
  errorText,
  fieldErrorText,
  fieldProblemsOf,
  mergeProblems,
  schemaProblems,
  type FieldProblems,
} from '../../lib/error-text.ts';
import { AuthCard } from './auth-card.tsx';
import { useAuth } from './auth-provider.tsx';
import { pathAfterSignIn, useNextPath, withNext } from './next-path.ts';
import {
  browserLanguage,
  NativeLanguageField,
  StartingLevelField,
  useNativeLanguageChoice,
} from './onboarding-fields.tsx';
import { ProviderButtons } from './provider-buttons.tsx';

const emptyForm = { first_name: '', last_name: '', email: '', password: '' };

/** The server takes sign-ups without a level from older clients; this form always asks for one. */
const formSchema = signupSchema.extend({ starting_level: cefrLevelSchema });

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const next = useNextPath();
  const [form, setForm] = useState(emptyForm);
  const [acceptTerms, setAcceptTerms] = useState(false);
  // Proposed: the language the visitor is reading, i.e. the browser's unless they chose another here.
  const [nativeLanguage, setNativeLanguage] = useNativeLanguageChoice(
    isUiLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : (browserLanguage() ?? 'en'),
  );
  const [level, setLevel] = useState<CefrLevel | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const body = {
    ...form,
    // An unticked box is sent as is: the server then names it beside every other problem.
    accept_terms: acceptTerms,
    native_language_code: nativeLanguage,
    starting_level: level ?? undefined,
  };
  const signup = useMutation({
    mutationFn: () => call(authEndpoints.signup, { body }),
    async onSuccess(session) {
      await auth.signIn(session);
      void navigate(pathAfterSignIn(session.user, next), { replace: true });
    },
    onError: (error) => setProblems((shown) => mergeProblems(shown, fieldProblemsOf(error))),
  });

  if (auth.token && !signup.isSuccess) return <Navigate to={next ?? '/home'} replace />;

  const generalError =
    signup.error && Object.keys(fieldProblemsOf(signup.error)).length === 0 ? errorText(t, signup.error) : undefined;
  // A field's problems go once the learner changes it.
  const changed = (name: string) =>
    setProblems((shown) => Object.fromEntries(Object.entries(shown).filter(([field]) => field !== name)));
  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm({ ...form, [name]: event.target.value });
      changed(name);
    },
    error: Boolean(problems[name]),
    helperText: fieldErrorText(t, problems, name),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Everything the contract's schema can tell is shown at once; the server adds what only it
    // knows (a common password, a taken address) in the same answer.
    const found = schemaProblems(formSchema, body);
    setProblems(found);
    signup.reset();
    // With the level as the only problem the server would create the account without it: the level
    // is this form's to ask. Any other problem the server finds too, so it refuses the request.
    const onlyLevelMissing = Object.keys(found).every((name) => name === 'starting_level') && level === null;
    if (!onlyLevelMissing) signup.mutate();
  };

  return (
    <AuthCard title={t('auth.signUpTitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {generalError && <Alert severity="error">{generalError}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('auth.firstName')} autoComplete="given-name" fullWidth {...field('first_name')} />
          <TextField label={t('auth.lastName')} autoComplete="family-name" fullWidth {...field('last_name')} />
        </Stack>
        <TextField label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <NativeLanguageField value={nativeLanguage} onChange={setNativeLanguage} />
        <StartingLevelField
          value={level}
          onChange={(chosen) => {
            setLevel(chosen);
            changed('starting_level');
          }}
          error={problems.starting_level ? t('onboarding.chooseLevel') : undefined}
        />
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={acceptTerms}
                onChange={(event) => {
                  setAcceptTerms(event.target.checked);
                  changed('accept_terms');
                }}
              />
            }
            label={
              <Trans
                i18nKey="auth.acceptTerms"
                components={{
                  terms: <Link component={RouterLink} to="/terms" target="_blank" />,
                  privacy: <Link component={RouterLink} to="/privacy" target="_blank" />,
                }}
              />
            }
          />
          {problems.accept_terms && <FormHelperText error>{t('auth.mustAcceptTerms')}</FormHelperText>}
        </div>
        <Button type="submit" variant="contained" size="large" loading={signup.isPending}>
          {t('auth.createAccount')}
        </Button>
      </Stack>
      <ProviderButtons next={next} />
      <Typography variant="body2">
        {t('auth.haveAccount')}{' '}
        <Link component={RouterLink} to={withNext('/login', next)}>
          {t('auth.signIn')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
