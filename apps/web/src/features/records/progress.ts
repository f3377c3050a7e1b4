/**
 * Spec §2: known amount = how many of a list's lexicon ids are in the learner's records. The
 * same count over the proven words gives the list's proven amount.
 */
export function knownAmount(lexicon: string, known: Set<number>): number {
  if (!lexicon) return 0;
  return lexicon.split('-').reduce((total, id) => total + (known.has(Number(id)) ? 1 : 0), 0);
}

export function progressPercent(lexicon: string, quantity: number, known: Set<number>): number {
  return quantity === 0 ? 0 : Math.round((knownAmount(lexicon, known) / quantity) * 100);
}
