import { SectionCard } from '../../components/section-card.tsx';
import { accountEndpoints, nativeLanguages, type UiLanguage, type User } from '@vocagarden/contract';
import Avatar from '@mui/material/Avatar';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar-provider.tsx';
import { call } from '../../lib/api-client.ts';
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

function LanguageSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const { mergeUser } = useAuth();
  const notify = useNotify();
  const update = useMutation({
    mutationFn: (code: UiLanguage) => call(accountEndpoints.updateUser, { body: { native_language_code: code } }),
    onSuccess(updated) {
      mergeUser(updated);
      notify(t('snackbar.changesSaved'), 'success');
    },
    onError: () => notify(t('errors.updateProfile'), 'error'),
  });
  return (
    <SectionCard title={t('profile.languageSettings')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.languageHelp')}
      </Typography>
      <FormControl fullWidth>
        <InputLabel id="native-language-label">{t('profile.nativeLanguage')}</InputLabel>
        <Select
          labelId="native-language-label"
          label={t('profile.nativeLanguage')}
          value={user.native_language_code}
          disabled={update.isPending}
          onChange={(event) => update.mutate(event.target.value as UiLanguage)}
        >
          {nativeLanguages.map((language) => (
            <MenuItem key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
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
