import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE_TEXTS } from '../../lib/i18n.ts';
import { usePrerenderedValue } from '../../lib/prerendered-value.ts';
import { Link as RouterLink, Outlet } from 'react-router';
import { TopBar, TopBarSpacer } from './top-bar.tsx';

/** The year the build ran in (vite.config.ts `define`): the prerendered pages show it. */
declare const __BUILD_YEAR__: number;

/**
 * This year. Hydrating a prerendered page, React first draws the year the page was built in, as the
 * HTML has it, and then this one: a page built in December and served in January hydrates cleanly.
 */
function useCurrentYear(): number {
  return usePrerenderedValue(
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function SiteFooter() {
  const { t } = useTranslation(FIRST_PAGE_TEXTS);
  const year = useCurrentYear();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, mt: 6 }}>
      <Container>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            © {year} VocaGarden
          </Typography>
          <Stack direction="row" spacing={2}>
            <Link component={RouterLink} to="/terms" variant="body2">
              {t('footer.terms')}
            </Link>
            <Link component={RouterLink} to="/privacy" variant="body2">
              {t('footer.privacy')}
            </Link>
            <Link component={RouterLink} to="/contact" variant="body2">
              {t('nav.contact')}
            </Link>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

/** Public pages: the top bar (Login button or avatar menu), the page, the footer. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <TopBarSpacer />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
