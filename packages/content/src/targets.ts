import type { CefrLevel } from './schema.ts';

/**
 * How many headwords each level should hold in the finished set (13,000 in all). A2 is the larger
 * of the first two because the 1,000 most frequent lemmas all belong at A1/A2 (decision 017).
 */
export const LEVEL_TARGETS: Readonly<Record<CefrLevel, number>> = {
  A1: 1050,
  A2: 1250,
  B1: 1100,
  B2: 1700,
  C1: 1700,
  C2: 6200,
};

/** How far a level's headword count may stray from its target (a share of the target). */
export const LEVEL_TOLERANCE = 0.05;

/**
 * The suggested level of a word from its lemma frequency rank (reference/candidates.tsv): the highest
 * rank of each band. The bands are the cumulative level targets, so taking the candidates in rank order
 * fills every level to its target; ranks past the last cut-off are spare C2 candidates.
 */
export const BAND_CUTOFFS: Readonly<Record<CefrLevel, number>> = {
  A1: 1050,
  A2: 2300,
  B1: 3400,
  B2: 5100,
  C1: 6800,
  C2: 13000,
};

const bandOrder: readonly CefrLevel[] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

/** The suggested CEFR level for a lemma frequency rank (1 = most frequent). */
export function bandForRank(rank: number): CefrLevel {
  return bandOrder.find((level) => rank <= BAND_CUTOFFS[level]) ?? 'C2';
}
