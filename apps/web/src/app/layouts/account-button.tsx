import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/index.ts';

const loadAccountMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * The signed-in user's avatar in the top bar. Its menu (and the report-a-problem dialog behind it) is
 * code that most page views never run, so it is fetched when the pointer or focus reaches the button
 * and mounted on the first press, not with the page (decision 035).
 */
export function AccountButton() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuMounted, setMenuMounted] = useState(false);
  const initial = (user?.first_name || user?.email || '?').charAt(0).toUpperCase();
  const prefetchMenu = () => void loadAccountMenu();
  return (
    <>
      <IconButton
        onPointerEnter={prefetchMenu}
        onFocus={prefetchMenu}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setMenuMounted(true);
        }}
        aria-label={t('nav.account')}
        aria-haspopup="menu"
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={user?.profile_picture_uri ?? undefined}
          alt=""
          sx={{ width: 40, height: 40, bgcolor: 'secondary.main' }}
        >
          {initial}
        </Avatar>
      </IconButton>
      {menuMounted && (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
