/**
 * A premium-only list or category card as learners without premium see it: dimmed (spec §2). Only the
 * picture fades: faded text would fall below WCAG AA contrast, and the Premium chip already says why.
 */
export const lockedCardSx = { '& .MuiCardMedia-root': { opacity: 0.55, filter: 'grayscale(1)' } } as const;
