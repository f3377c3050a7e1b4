import { SectionCard } from '../../components/section-card.tsx';
import {
  accountEndpoints,
  cefrLevelSchema,
  nativeLanguages,
  uiLanguageOf,
  type CefrLevel,
  type UiLanguage,
  type User,
  type UserUpdate,
} from '@vocagarden/contract';
import Avatar from '@mui/material/Avatar';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';
import { fieldErrorOr } from '../../lib/error-text.ts';
import { loadLanguageTexts } from '../../lib/i18n.ts';
import { useAuth } from '../auth/index.ts';
import { MyReports } from '../feedback/index.ts';
import { ChangePassword } from './change-password.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { EmailSettings } from './email-settings.tsx';
import { PremiumSection } from './premium-section.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';

function UserInformation({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <SectionCard title={t('profile.userInformation')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={user.profile_picture_uri ?? undefined}
          alt=""
          sx={{ width: 56, height: 56, bgcolor: 'secondary.main' }}
        >
          {(user.first_name || user.email).charAt(0).toUpperCase()}
        </Avatar>
        <div>
          {name && <Typography sx={{ fontWeight: 600 }}>{name}</Typography>}
          <Typography color="text.secondary">{user.email}</Typography>
        </div>
      </Stack>
    </SectionCard>
  );
}

/** The native language and the starting level: what the app speaks, translates into and suggests. */
function LanguageSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const { mergeUser } = useAuth();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (changes: UserUpdate) => call(accountEndpoints.updateUser, { body: changes }),
    async onSuccess(updated) {
      mergeUser(updated);
      // Home's suggested list follows the level.
      void queryClient.invalidateQueries({ queryKey: ['home'] });
      // The confirmation speaks the language just chosen, not the one being left: its texts may
      // have to arrive first (they load on demand, decision 032).
      await loadLanguageTexts(updated.native_language_code);
      notify(t('snackbar.changesSaved', { lng: uiLanguageOf(updated.native_language_code) }), 'success');
    },
    onError: (error) => notify(fieldErrorOr(t, error, 'errors.updateProfile'), 'error'),
  });
  return (
    <SectionCard title={t('profile.languageSettings')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.languageHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControl fullWidth>
          <InputLabel id="native-language-label">{t('profile.nativeLanguage')}</InputLabel>
          <Select
            labelId="native-language-label"
            label={t('profile.nativeLanguage')}
            value={user.native_language_code}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ native_language_code: event.target.value as UiLanguage })}
          >
            {nativeLanguages.map((language) => (
              <MenuItem key={language.code} value={language.code} lang={language.code}>
                {language.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl fullWidth>
          <InputLabel id="starting-level-label">{t('profile.startingLevel')}</InputLabel>
          <Select
            labelId="starting-level-label"
            label={t('profile.startingLevel')}
            value={user.starting_level ?? ''}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ starting_level: event.target.value as CefrLevel })}
          >
            {cefrLevelSchema.options.map((level) => (
              <MenuItem key={level} value={level}>
                {level} · {t(`vocabulary.levelNames.${level}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
    </SectionCard>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('nav.profile')}
      </Typography>
      <UserInformation user={user} />
      <PremiumSection />
      <LanguageSettings user={user} />
      <EmailSettings />
      {user.has_password && <ChangePassword user={user} />}
      <MyReports />
      <SignedInDevices />
      <DeleteAccount user={user} />
    </Stack>
  );
}
