import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';

const ReportIssueDialog = lazy(() =>
  import('../../features/feedback/index.ts').then((module) => ({ default: module.ReportIssueDialog })),
);

/** The signed-in user's menu, opened from AccountButton at `anchor`; the report dialog's code comes when asked for. */
export function AccountMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const [reporting, setReporting] = useState<boolean | null>(null);
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.profile')}
        </MenuItem>
        {/* The staff area's door; the server refuses everyone else on every staff route. */}
        {user?.is_staff && (
          <MenuItem component={RouterLink} to="/xanalytics" onClick={onClose}>
            <ListItemIcon>
              <InsightsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('nav.analytics')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            onClose();
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
            onClose();
            await signOut('/');
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.logout')}
        </MenuItem>
      </Menu>
      {/* Mounted from the first request on, so closing it plays its exit transition. */}
      {reporting !== null && (
        <Suspense fallback={null}>
          <ReportIssueDialog open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );
}
