/**
 * Grades a typed answer against the accepted answers, forgivingly and explainably:
 * - case, surrounding spaces, punctuation and leading articles ("la", "the", "to") never matter;
 * - a missing accent or dotless/dotted i, ə, ñ … is accepted with a "mind the accent" hint;
 * - one typo (insert, delete, replace or swap) in a word of 5+ letters is "almost": accepted,
 *   with the right spelling shown; shorter words must be exact ("bear" is not "beer").
 */
export type AnswerLanguage = 'en' | 'es' | 'tr' | 'az';

export type Verdict = 'correct' | 'accent' | 'almost' | 'wrong';

export interface AnswerResult {
  verdict: Verdict;
  /** The accepted answer the input matched (or the primary one when wrong). */
  expected: string;
}

const MIN_LENGTH_FOR_TYPO = 5;

const leadingWords: Record<AnswerLanguage, RegExp> = {
  en: /^(to|a|an|the)\s+/,
  es: /^(el|la|los|las|un|una|unos|unas)\s+/,
  tr: /^$/,
  az: /^$/,
};

/** Lower-cases with the language's rules: Turkish and Azerbaijani I → ı, İ → i. */
function lower(text: string, language: AnswerLanguage): string {
  return language === 'tr' || language === 'az' ? text.toLocaleLowerCase('tr') : text.toLowerCase();
}

/** Exact comparison form: the letters as written, without case, punctuation or articles. */
export function normalizeAnswer(text: string, language: AnswerLanguage): string {
  let value = lower(text.normalize('NFC'), language);
  // Azerbaijani typed on keyboards without ə often uses ä.
  if (language === 'az') value = value.replaceAll('ä', 'ə');
  value = value
    .replace(/[’'`´]/g, '')
    .replace(/[-‐–—/]/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return value.replace(leadingWords[language], '');
}

/** Accent-blind form: ı → i, ə → e, and every combining mark (é → e, ñ → n, ş → s) dropped. */
export function foldAccents(normalized: string): string {
  return normalized.replaceAll('ı', 'i').replaceAll('ə', 'e').normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    let rowBest = Infinity;
    for (let j = 1; j < columns; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, table[i - 2]![j - 2]! + 1);
      table[i]![j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
  }
  return table[a.length]![b.length]!;
}

export function checkAnswer(input: string, accepted: readonly string[], language: AnswerLanguage): AnswerResult {
  const primary = accepted[0] ?? '';
  const typed = normalizeAnswer(input, language);
  if (!typed) return { verdict: 'wrong', expected: primary };
  const candidates = accepted.map((answer) => ({ answer, normalized: normalizeAnswer(answer, language) }));

  const exact = candidates.find((candidate) => candidate.normalized === typed);
  if (exact) return { verdict: 'correct', expected: exact.answer };

  const folded = foldAccents(typed);
  const accent = candidates.find((candidate) => foldAccents(candidate.normalized) === folded);
  if (accent) return { verdict: 'accent', expected: accent.answer };

  const typo = candidates.find((candidate) => {
    const target = foldAccents(candidate.normalized);
    return [...target].length >= MIN_LENGTH_FOR_TYPO && editDistance(folded, target, 1) <= 1;
  });
  if (typo) return { verdict: 'almost', expected: typo.answer };

  return { verdict: 'wrong', expected: primary };
}
