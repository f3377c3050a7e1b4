import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** The framed header of a list or classroom page: its picture, its text, and its actions. */
export function PictureHeader({
  image,
  alt,
  children,
  actions,
}: {
  image: string;
  alt: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="img"
          src={image}
          alt={alt}
          sx={{ width: { xs: '100%', sm: 170 }, height: { xs: 120, sm: 'auto' }, objectFit: 'cover', borderRadius: 2 }}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
        {actions}
      </Stack>
    </Paper>
  );
}
