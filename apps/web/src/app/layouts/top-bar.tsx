import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
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
const loadTooltip = () => import('@mui/material/Tooltip').then((module) => module.default);

/** The avatar button's size (a 40 px avatar in a 4 px padding), held while its code loads. */
const AVATAR_BUTTON_SIZE = 48;

/** What WithTooltip sets on its child: its own listeners until the tooltip's code has arrived, then a ref. */
interface TooltipChildProps {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLElement>;
}

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * `children` with a tooltip whose code loads on the first hover or keyboard focus. Until it has
 * arrived, those say whether the tooltip should show, as MUI's Tooltip would decide: a mouse's hover
 * and a visible focus do, a tap does not (on a phone a long press opens it once the code is in).
 * MUI's Tooltip then takes over, open if it was asked for.
 */
function WithTooltip({ title, children }: { title: string; children: ReactElement<TooltipChildProps> }) {
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const hide = () => setOpen(false);
  const want = () => {
    setOpen(true);
    void loadTooltip().then((component) => setTooltip(() => component));
  };
  if (!Tooltip) {
    return cloneElement(children, {
      onPointerEnter: (event) => event.pointerType === 'mouse' && want(),
      onPointerLeave: hide,
      onFocus: (event) => {
        setFocused(true);
        if (event.currentTarget.matches(':focus-visible')) want();
      },
      onBlur: () => {
        setFocused(false);
        hide();
      },
    });
  }
  // The child is drawn anew inside the tooltip: if the old one had focus, the new one takes it.
  return (
    <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={hide}>
      {cloneElement(children, focused ? { ref: focusOnMount } : {})}
    </Tooltip>
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
