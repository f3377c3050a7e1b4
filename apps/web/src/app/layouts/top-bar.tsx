import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { layout } from '../theme.ts';

// Neither the avatar menu nor the tooltip (with its positioning engine) is part of the first page
// (decision 027): each arrives when the bar first shows it, after the first paint; until then the
// contact button shows without its tooltip and a space of the avatar button's size holds its place.
const AvatarMenu = lazy(() => import('./avatar-menu.tsx').then((module) => ({ default: module.AvatarMenu })));
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** The avatar button's size (a 40 px avatar in a 4 px padding), held while the menu loads. */
const AVATAR_BUTTON_SIZE = 48;

function WithTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}

/** 64 px tall on phones, 80 px from the md breakpoint up. */
export function TopBar() {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const { token } = useAuth();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      // Above the permanent side navigation, which is clipped below the bar.
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ minHeight: { xs: layout.topBarHeight.mobile, md: layout.topBarHeight.desktop }, gap: 1 }}>
        <Logo variant="purple" size="responsive" />
        <Box sx={{ flexGrow: 1 }} />
        {/* On phones the Contact link is an icon, so a long Login label ("Iniciar sesión") keeps one line.
            Both are drawn and CSS shows one, so the prerendered page (decision 027) is right at any width. */}
        <Button
          component={RouterLink}
          to="/contact"
          color="inherit"
          startIcon={<MailOutlineIcon />}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          {t('nav.contact')}
        </Button>
        <WithTooltip title={t('nav.contact')}>
          <IconButton
            component={RouterLink}
            to="/contact"
            color="inherit"
            aria-label={t('nav.contact')}
            sx={{ display: { sm: 'none' } }}
          >
            <MailOutlineIcon />
          </IconButton>
        </WithTooltip>
        {token ? (
          <Suspense fallback={<Box sx={{ width: AVATAR_BUTTON_SIZE, height: AVATAR_BUTTON_SIZE, flexShrink: 0 }} />}>
            <AvatarMenu />
          </Suspense>
        ) : (
          <Button component={RouterLink} to="/login" variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('nav.login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}

/** Pushes content below the fixed top bar. */
export function TopBarSpacer() {
  return <Box sx={{ height: { xs: layout.topBarHeight.mobile, md: layout.topBarHeight.desktop } }} />;
}
