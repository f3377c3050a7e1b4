import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LeafIcon } from './leaf-icon.tsx';

const variantColors = { white: '#ffffff', black: '#1b1b1b', purple: '#7b1fa2' } as const;

export interface LogoProps {
  variant?: keyof typeof variantColors;
  /** Icon size in px: 40 on wide layouts, 34 on compact ones. */
  size?: 40 | 34;
}

export function Logo({ variant = 'purple', size = 40 }: LogoProps) {
  const color = variantColors[variant];
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="VocaGarden"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, textDecoration: 'none' }}
    >
      <LeafIcon sx={{ fontSize: size, color: variant === 'purple' ? 'primary.main' : color }} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size === 40 ? 24 : 20, color, letterSpacing: 0.2 }}>
        VocaGarden
      </Typography>
    </Box>
  );
}
