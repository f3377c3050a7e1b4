import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme.ts';

/** WCAG AA for normal-size text: chip labels and button texts are 13–14 px. */
const AA = 4.5;

/** WCAG contrast of a colour drawn on an opaque background; a translucent text colour is blended over it first. */
function contrast(foreground: string, background: string): number {
  const { values, type } = decomposeColor(foreground);
  const alpha = type.endsWith('a') ? (values[3] ?? 1) : 1;
  const under = decomposeColor(background).values;
  const blended = [0, 1, 2].map((channel) => values[channel]! * alpha + under[channel]! * (1 - alpha));
  return getContrastRatio(recomposeColor({ type: 'rgb', values: [blended[0]!, blended[1]!, blended[2]!] }), background);
}

// The colours are the same in every interface language.
const { palette } = themeFor('en');
const backgrounds = { paper: palette.background.paper, default: palette.background.default };
const intents = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

describe('contrast measure', () => {
  it('agrees with the accessibility scan that found the old "Known" chip at 4.11:1', () => {
    expect(contrast('#ffffff', '#388e3c')).toBeCloseTo(4.12, 1);
  });

  it('blends a translucent text colour over its background', () => {
    expect(contrast('rgba(0, 0, 0, 0.6)', '#ffffff')).toBeCloseTo(getContrastRatio('#666666', '#ffffff'), 1);
    expect(contrast('rgba(0, 0, 0, 0)', '#ffffff')).toBe(1);
  });
});

describe('theme contrast (WCAG AA)', () => {
  it.each(intents)('%s: the label of a filled chip, contained button or filled alert', (intent) => {
    const colour = palette[intent];
    expect(contrast(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(AA);
  });

  it.each(
    intents.flatMap((intent) => Object.entries(backgrounds).map(([name, background]) => [intent, name, background])),
  )('%s: an outlined chip or text button on the %s background', (intent, _name, background) => {
    expect(contrast(palette[intent as (typeof intents)[number]].main, background!)).toBeGreaterThanOrEqual(AA);
  });

  it.each(Object.entries(backgrounds))('primary and secondary text on the %s background', (_name, background) => {
    expect(contrast(palette.text.primary, background)).toBeGreaterThanOrEqual(AA);
    expect(contrast(palette.text.secondary, background)).toBeGreaterThanOrEqual(AA);
  });
});

/** The label MUI gives an alert's close button: the theme's, else MUI's own default, English. */
const closeText = (language: string | undefined) =>
  themeFor(language).components?.MuiAlert?.defaultProps?.closeText ?? 'Close';

describe('themeFor', () => {
  it("gives MUI's own labels in the interface language", () => {
    expect(closeText('en')).toBe('Close');
    expect(closeText('es')).toBe('Cerrar');
    expect(closeText('tr')).toBe('Kapat');
    expect(closeText('az')).toBe('Bağlamaq');
  });

  it("mends MUI's Azerbaijani pack where it is Russian or missing", () => {
    const az = themeFor('az').components;
    expect(az?.MuiAutocomplete?.defaultProps?.openText).toBe('Açmaq');
    expect(az?.MuiTablePagination?.defaultProps?.labelDisplayedRows?.({ from: 1, to: 10, count: 42, page: 0 })).toBe(
      '1–10 / 42',
    );
  });

  it('falls back to English for anything else, and keeps the garden colours in every language', () => {
    expect(closeText('de')).toBe('Close');
    expect(closeText(undefined)).toBe('Close');
    expect(themeFor('tr').palette.primary.main).toBe('#2e7d32');
  });
});
