import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { useAuth } from './auth-provider.tsx';

/**
 * Always on screen while a staff member views the app as a learner (decision 015), on every page
 * including the full-screen study session: nobody should mistake that tab for their own account.
 */
export function ViewingAsBanner() {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const { user, signOut } = useAuth();
  if (!user?.impersonated_by) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      data-testid="viewing-as-banner"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={async () => {
            await signOut();
            window.location.assign('/xanalytics');
          }}
        >
          {t('viewAs.stop')}
        </Button>
      }
      sx={{
        position: 'fixed',
        left: '50%',
        transform: 'translateX(-50%)',
        // Above the bottom navigation on phones and tablets.
        bottom: { xs: 72, lg: 16 },
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 'calc(100vw - 16px)',
      }}
    >
      {t('viewAs.banner', { email: user.email, staff: user.impersonated_by })}
    </Alert>
  );
}
