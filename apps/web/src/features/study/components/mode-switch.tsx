import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Switches a list's play page between the typing session and Learn mode. */
export function ModeSwitch({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', mt: 2 }}>
      <Button component={RouterLink} to={to} variant="text">
        {children}
      </Button>
    </Box>
  );
}
