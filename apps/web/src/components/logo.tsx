import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { LeafIcon } from './leaf-icon.tsx';
import { Wordmark } from './wordmark.tsx';

const variantColors = { white: '#ffffff', black: '#1b1b1b', purple: '#7b1fa2' } as const;

export interface LogoProps {
  variant?: keyof typeof variantColors;
  /**
   * Icon size in px: 40 on wide layouts, 34 on compact ones; `responsive`: 34 below the md
   * breakpoint, 40 from it, in CSS, so a prerendered page draws the right one before any script.
   */
  size?: 40 | 34 | 'responsive';
}

const textSizes = { 40: 24, 34: 20, responsive: { xs: 20, md: 24 } } as const;

export function Logo({ variant = 'purple', size = 40 }: LogoProps) {
  const color = variantColors[variant];
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="VocaGarden"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, textDecoration: 'none' }}
    >
      <LeafIcon
        sx={{
          fontSize: size === 'responsive' ? { xs: 34, md: 40 } : size,
          color: variant === 'purple' ? 'primary.main' : color,
        }}
      />
      <Wordmark fontSize={textSizes[size]} />
    </Box>
  );
}
