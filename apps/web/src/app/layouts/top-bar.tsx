import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { ReportIssueDialog } from '../../features/feedback/index.ts';
import { layout } from '../theme.ts';

function AvatarMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [reporting, setReporting] = useState(false);
  const initial = (user?.first_name || user?.email || '?').charAt(0).toUpperCase();
  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('nav.account')} sx={{ p: 0.5 }}>
        <Avatar
          src={user?.profile_picture_uri ?? undefined}
          alt=""
          sx={{ width: 40, height: 40, bgcolor: 'secondary.main' }}
        >
          {initial}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.profile')}
        </MenuItem>
        {/* The staff area's door; the server refuses everyone else on every staff route. */}
        {user?.is_staff && (
          <MenuItem component={RouterLink} to="/xanalytics" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <InsightsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('nav.analytics')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setReporting(true);
          }}
        >
          <ListItemIcon>
            <FlagOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('feedback.reportProblem')}
        </MenuItem>
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            // Leave the protected page first, or its guard would send us to /login.
            await navigate('/', { replace: true });
            await signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.logout')}
        </MenuItem>
      </Menu>
      <ReportIssueDialog open={reporting} onClose={() => setReporting(false)} />
    </>
  );
}

/** 64 px tall on phones, 80 px from the md breakpoint up. */
export function TopBar() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      // Above the permanent side navigation, which is clipped below the bar.
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ minHeight: { xs: layout.topBarHeight.mobile, md: layout.topBarHeight.desktop }, gap: 1 }}>
        <Logo variant="purple" size={wide ? 40 : 34} />
        <Box sx={{ flexGrow: 1 }} />
        <Button component={RouterLink} to="/contact" color="inherit" startIcon={<MailOutlineIcon />}>
          {t('nav.contact')}
        </Button>
        {token ? (
          <AvatarMenu />
        ) : (
          <Button component={RouterLink} to="/login" variant="contained">
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
