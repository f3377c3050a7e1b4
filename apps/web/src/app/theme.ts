import { createTheme } from '@mui/material/styles';

/**
 * The garden theme. Breakpoints, z-index layers and transition durations are MUI's defaults,
 * which are exactly the spec's values (600/900/1200; app bar 1100 … tooltip 1500; 150–375 ms).
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d32', light: '#60ad5e', dark: '#005005', contrastText: '#ffffff' },
    secondary: { main: '#7b1fa2', light: '#ae52d4', dark: '#4a0072', contrastText: '#ffffff' },
    background: { default: '#f4f8f1', paper: '#ffffff' },
    success: { main: '#388e3c' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
    fontSize: 14,
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiDialog: { defaultProps: { maxWidth: 'sm', fullWidth: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

export const layout = {
  sideNavWidth: 280,
  topBarHeight: { mobile: 64, desktop: 80 },
  bottomNavHeight: 56,
} as const;
