import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { layout } from '../theme.ts';

// Neither the account button nor the tooltip (with its positioning engine) is part of the first page
// (decisions 027 and 035). The account button arrives with the signed-in layout (a space of its size
// holds its place until then); the tooltip's code is fetched when it is first wanted, on hover or focus.
const AccountButton = lazy(() => import('./account-button.tsx').then((module) => ({ default: module.AccountButton })));
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** The avatar button's size (a 40 px avatar in a 4 px padding), held while its code loads. */
const AVATAR_BUTTON_SIZE = 48;

/** What WithTooltip listens to on its child until the tooltip's code has arrived. */
interface HoverAndFocus {
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

/**
 * `children` with a tooltip whose code loads on the first hover or focus. Until it has arrived the
 * child's hover and focus say whether the tooltip should show; then MUI's Tooltip takes over.
 */
function WithTooltip({ title, children }: { title: string; children: ReactElement<HoverAndFocus> }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const show = () => setOpen(true);
  const hide = () => setOpen(false);
  const untilLoaded = cloneElement(children, { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide });
  if (open === null) return untilLoaded;
  return (
    <Suspense fallback={untilLoaded}>
      <Tooltip title={title} open={open} onOpen={show} onClose={hide}>
        {children}
      </Tooltip>
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
            <AccountButton />
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
