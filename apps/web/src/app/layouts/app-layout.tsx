import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useLearnerData } from '../../features/records/index.ts';
import { layout } from '../theme.ts';
import { navigationEntries } from './navigation.ts';
import { TopBar, TopBarSpacer } from './top-bar.tsx';

function activeEntry(pathname: string) {
  return navigationEntries.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))?.path;
}

function SideNavigation({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  return (
    // Drawn as MUI's permanent Drawer draws it, a fixed Paper beside the page, without the Drawer
    // module: that brings its temporary variant's modal, focus trap and slide (about 7 kB) into every
    // signed-in start, phones included, which never show this panel (issue 16).
    <Box sx={{ width: layout.sideNavWidth, flexShrink: 0 }}>
      <Paper
        square
        elevation={0}
        data-testid="side-navigation"
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          width: layout.sideNavWidth,
          height: '100%',
          overflowY: 'auto',
          zIndex: 'drawer',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <TopBarSpacer />
        <List component="nav" aria-label={t('nav.main')} sx={{ px: 1.5, py: 2 }}>
          {navigationEntries.map(({ path, labelKey, Icon }) => (
            <ListItemButton
              key={path}
              component={RouterLink}
              to={path}
              selected={current === path}
              sx={{ borderRadius: 2, mb: 0.5 }}
            >
              <ListItemIcon>
                <Icon color={current === path ? 'primary' : 'inherit'} />
              </ListItemIcon>
              <ListItemText primary={t(labelKey)} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Box>
  );
}

function BottomNav({ current }: { current: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="nav"
      aria-label={t('nav.main')}
      elevation={3}
      sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <BottomNavigation value={current ?? false} showLabels sx={{ height: layout.bottomNavHeight }}>
        {navigationEntries.map(({ path, labelKey, Icon }) => (
          <BottomNavigationAction
            key={path}
            component={RouterLink}
            to={path}
            value={path}
            label={t(labelKey)}
            icon={<Icon />}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

/** The signed-in shell: side navigation on large screens (≥1200 px), bottom navigation below. */
export function AppLayout() {
  useLearnerData();
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'));
  const current = activeEntry(useLocation().pathname);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar />
      {large && <SideNavigation current={current} />}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          pb: large ? 4 : `${layout.bottomNavHeight + 24}px`,
          px: { xs: 2, sm: 3, md: 4 },
        }}
      >
        <TopBarSpacer />
        <Box sx={{ maxWidth: 1200, mx: 'auto', pt: 3 }}>
          <Outlet />
        </Box>
      </Box>
      {!large && <BottomNav current={current} />}
    </Box>
  );
}
