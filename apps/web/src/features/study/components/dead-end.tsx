import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A play page with no session to run: why, and the way back (never a lone alert). */
export function DeadEnd({
  icon,
  title,
  text,
  back,
  extra,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  back: { to: string; label: string };
  /** Another way on, beside the way back. */
  extra?: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid="study-dead-end">
      <Box sx={{ display: 'flex', '& svg': { fontSize: 64 } }}>{icon}</Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={back.to} variant="contained">
          {back.label}
        </Button>
        {extra}
      </Stack>
    </Stack>
  );
}
