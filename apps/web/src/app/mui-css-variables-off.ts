/**
 * Stands in, in the app's build, for MUI's CSS-variables theme and provider (vite.config.ts,
 * decision 039). The garden theme has no color schemes and no CSS variables, so MUI's createTheme and
 * ThemeProvider take their other branch and never reach these; without the stand-in, the branch
 * they do not take is 7 kB of the first page. Reaching one would be a change of theme that this
 * says loudly, rather than drawing the app unstyled.
 */
function cssVariablesAreOff(): never {
  throw new Error("MUI's CSS variables and color schemes are left out of this app's build: see decision 039");
}

export default cssVariablesAreOff;
export const CssVarsProvider = cssVariablesAreOff;
export const Experimental_CssVarsProvider = cssVariablesAreOff;
export const useColorScheme = cssVariablesAreOff;
export const getInitColorSchemeScript = cssVariablesAreOff;
