import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/index.ts';
import { ReportIssueDialog } from '../../features/feedback/index.ts';

/** The signed-in user's menu in the top bar; loaded with the first signed-in page, not the first page (decision 027). */
export function AvatarMenu() {
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
