import { FALLBACK_LANGUAGE, isUiLanguage, type UiLanguage } from '@vocagarden/contract';
import { azAZ, enUS, esES, trTR, type Localization } from '@mui/material/locale';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/**
 * MUI's own texts (an alert's "Close", pagination, autocomplete …) in the interface language
 * (decision 021). MUI's Azerbaijani pack is the closest there is but unfinished: its one Russian
 * text and its missing row count are ours.
 */
const muiLocales: Record<UiLanguage, Localization> = {
  en: enUS,
  es: esES,
  tr: trTR,
  az: {
    components: {
      ...azAZ.components,
      MuiAutocomplete: {
        defaultProps: { ...azAZ.components?.MuiAutocomplete?.defaultProps, openText: 'Açmaq' },
      },
      MuiTablePagination: {
        defaultProps: {
          ...azAZ.components?.MuiTablePagination?.defaultProps,
          labelDisplayedRows: ({ from, to, count }) => `${from}–${to} / ${count === -1 ? `${to}+` : count}`,
        },
      },
    },
  },
};

/**
 * The garden theme. Breakpoints, z-index layers and transition durations are MUI's defaults,
 * which are exactly the spec's values (600/900/1200; app bar 1100 … tooltip 1500; 150–375 ms).
 */
const gardenTheme: ThemeOptions = {
  palette: {
    primary: { main: '#2e7d32', light: '#60ad5e', dark: '#005005', contrastText: '#ffffff' },
    secondary: { main: '#7b1fa2', light: '#ae52d4', dark: '#4a0072', contrastText: '#ffffff' },
    background: { default: '#f4f8f1', paper: '#ffffff' },
    // Chips, filled alerts and text buttons put these behind white text or on the page: each meets
    // WCAG AA's 4.5:1 both ways (theme.test.ts). MUI's own success, warning and info are too light.
    success: { main: '#2e7d32' },
    warning: { main: '#ad5000' },
    info: { main: '#0271b0' },
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
};

/** The garden theme speaking `language` (an interface language; English otherwise). */
export function themeFor(language: string | undefined): Theme {
  return createTheme(gardenTheme, muiLocales[isUiLanguage(language) ? language : FALLBACK_LANGUAGE]);
}

export const layout = {
  sideNavWidth: 280,
  topBarHeight: { mobile: 64, desktop: 80 },
  bottomNavHeight: 56,
} as const;
