import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';

/** The payment pages (sandbox checkout, result): a calm purple frame without navigation. */
export function PremiumLayout() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #4a0072 0%, #7b1fa2 55%, #2e7d32 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 480, display: 'grid', gap: 3, justifyItems: 'center' }}>
        <Logo variant="white" />
        <Paper component="main" sx={{ p: { xs: 3, sm: 4 }, width: '100%', textAlign: 'center' }}>
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}
