/**
 * General American IPA from CMUdict's ARPAbet, in the one convention the set uses:
 *   - stress: ˈ (primary) and ˌ (secondary) before the stressed syllable, syllables split by the maximal
 *     onset principle with the legal English onsets below; no mark on one-syllable words;
 *   - no length marks; AH0 → ə and AH1/AH2 → ʌ, ER0 → ɚ and ER1/ER2 → ɝ, the other vowels whatever their
 *     stress (AA ɑ, AE æ, AO ɔ, AW aʊ, AY aɪ, EH ɛ, EY eɪ, IH ɪ, IY i, OW oʊ, OY ɔɪ, UH ʊ, UW u);
 *   - consonants CH tʃ, JH dʒ, NG ŋ, SH ʃ, ZH ʒ, TH θ, DH ð, HH h, Y j, R r, the others in lower case;
 *   - the whole between slashes; the words of a phrase separated by spaces: mother /ˈmʌðɚ/, set up /sɛt ʌp/.
 */
import { dictionary } from 'cmu-pronouncing-dictionary';

const vowelSymbols: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  EH: 'ɛ',
  EY: 'eɪ',
  IH: 'ɪ',
  IY: 'i',
  OW: 'oʊ',
  OY: 'ɔɪ',
  UH: 'ʊ',
  UW: 'u',
};

const consonantSymbols: Record<string, string> = {
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'g',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/**
 * Consonant clusters that may begin an English syllable (besides any single consonant but NG): stop or
 * fricative + liquid, consonant + W, consonant + Y (the yod GA keeps, as in "music", "cute"), S + consonant,
 * and S + stop + liquid/glide.
 */
const legalOnsets: ReadonlySet<string> = new Set([
  ...['P R', 'P L', 'B R', 'B L', 'T R', 'D R', 'K R', 'K L', 'G R', 'G L', 'F R', 'F L', 'TH R', 'SH R'],
  ...['T W', 'D W', 'K W', 'G W', 'S W', 'TH W'],
  ...['P Y', 'B Y', 'F Y', 'V Y', 'M Y', 'K Y', 'G Y', 'HH Y'],
  ...['S P', 'S T', 'S K', 'S M', 'S N', 'S L', 'S F'],
  ...['S P R', 'S P L', 'S T R', 'S K R', 'S K W', 'S K L', 'S P Y', 'S K Y'],
]);

const isLegalOnset = (cluster: readonly string[]) =>
  cluster.length === 0 || (cluster.length === 1 ? cluster[0] !== 'NG' : legalOnsets.has(cluster.join(' ')));

interface Syllable {
  phones: string[];
  /** 0 unstressed, 1 primary, 2 secondary (CMUdict's digits). */
  stress: number;
}

const vowelOf = (phone: string) => /^([A-Z]+)([012])$/.exec(phone);

/**
 * CMUdict writes the r of an r-coloured vowel before another vowel inside the ER ("arrive" ER0 AY1 V,
 * "hurry" HH ER1 IY0). Spelled out, the r starts the next syllable: ə + r ("/əˈraɪv/"), ɝ + r ("/ˈhɝri/").
 */
function splitRColouredVowels(phones: readonly string[]): string[] {
  return phones.flatMap((phone, index) => {
    const next = phones[index + 1];
    if (!/^ER[012]$/.test(phone) || next === undefined || !vowelOf(next)) return [phone];
    return phone === 'ER0' ? ['AH0', 'R'] : [phone, 'R'];
  });
}

/** Splits ARPAbet phones into syllables: each vowel with the longest legal onset before it. */
export function syllabify(arpabet: string): Syllable[] {
  const phones = splitRColouredVowels(arpabet.trim().split(/\s+/));
  const nuclei = phones.flatMap((phone, index) => (vowelOf(phone) ? [index] : []));
  if (nuclei.length === 0) throw new Error(`no vowel in "${arpabet}"`);
  const starts = nuclei.map((nucleus, index) => {
    if (index === 0) return 0;
    const previous = nuclei[index - 1]!;
    // Consonants between two vowels: the next syllable takes the longest legal onset.
    let start = previous + 1;
    while (start < nucleus && !isLegalOnset(phones.slice(start, nucleus))) start += 1;
    return start;
  });
  return nuclei.map((nucleus, index) => ({
    phones: phones.slice(starts[index], starts[index + 1] ?? phones.length),
    stress: Number(vowelOf(phones[nucleus]!)![2]),
  }));
}

function phoneToIpa(phone: string): string {
  const vowel = vowelOf(phone);
  if (vowel) {
    const [, name, stress] = vowel;
    if (name === 'AH') return stress === '0' ? 'ə' : 'ʌ';
    if (name === 'ER') return stress === '0' ? 'ɚ' : 'ɝ';
    const symbol = vowelSymbols[name!];
    if (symbol) return symbol;
  }
  const consonant = consonantSymbols[phone];
  if (consonant) return consonant;
  throw new Error(`unknown ARPAbet phone "${phone}"`);
}

/**
 * One word's ARPAbet as IPA without slashes: "M AH1 DH ER0" → "ˈmʌðɚ". CMUdict marks a few words with two
 * primary stresses ("engineer" EH1 N JH AH0 N IH1 R); the last one is the main stress in such words, so the
 * earlier ones are written as secondary ("/ˌɛndʒəˈnɪr/") and each word has at most one ˈ.
 */
export function arpabetToIpaWord(arpabet: string): string {
  const syllables = syllabify(arpabet);
  const lastPrimary = syllables.map(({ stress }) => stress).lastIndexOf(1);
  return syllables
    .map(({ phones, stress }, index) => {
      const body = phones.map(phoneToIpa).join('');
      if (syllables.length === 1 || stress === 0) return body;
      return (index === lastPrimary ? 'ˈ' : 'ˌ') + body;
    })
    .join('');
}

/** A whole word or phrase between slashes: ["S EH1 T", "AH1 P"] → "/sɛt ʌp/". */
export function arpabetToIpa(...words: string[]): string {
  return `/${words.map(arpabetToIpaWord).join(' ')}/`;
}

const ipaVowels = ['aɪ', 'aʊ', 'eɪ', 'oʊ', 'ɔɪ', 'ɑ', 'æ', 'ʌ', 'ə', 'ɔ', 'ɛ', 'ɝ', 'ɚ', 'ɪ', 'i', 'ʊ', 'u'];
const ipaConsonants = Object.values(consonantSymbols);
/** Longest first, so "aɪ" is read as one vowel and "tʃ" as one consonant. */
const ipaSegments = [...ipaVowels, ...ipaConsonants].sort((a, b) => b.length - a.length);
const vowelSet: ReadonlySet<string> = new Set(ipaVowels);

/** The segments of one word's IPA (stress marks kept as their own tokens), or undefined if a symbol is foreign. */
function tokenize(word: string): string[] | undefined {
  const tokens: string[] = [];
  for (let at = 0; at < word.length;) {
    const mark = word[at] === 'ˈ' || word[at] === 'ˌ' ? word[at]! : undefined;
    const segment = mark ?? ipaSegments.find((candidate) => word.startsWith(candidate, at));
    if (!segment) return undefined;
    tokens.push(segment);
    at += segment.length;
  }
  return tokens;
}

/**
 * Whether a transcription follows the convention: slashes round it, words split by single spaces, only the
 * symbols above (so no ː, no ɡ, no e or o on their own), ɚ/ɝ rather than ər before a consonant, a stress
 * mark only before a segment and only in words of two or more syllables, at most one primary stress a word.
 */
export function validIpa(ipa: string): boolean {
  const match = /^\/(.+)\/$/.exec(ipa);
  return match !== null && match[1]!.split(' ').every(validIpaWord);
}

const isMark = (token: string | undefined) => token === 'ˈ' || token === 'ˌ';

function validIpaWord(word: string): boolean {
  const tokens = tokenize(word);
  if (!tokens) return false;
  const vowels = tokens.filter((token) => vowelSet.has(token)).length;
  const marks = tokens.filter(isMark);
  if (vowels === 0 || (vowels === 1 && marks.length > 0)) return false;
  if (marks.filter((mark) => mark === 'ˈ').length > 1) return false;
  return tokens.every((token, index) => {
    const next = tokens[index + 1];
    // A mark stands before a segment, never before another mark or at the end of the word.
    if (isMark(token)) return next !== undefined && !isMark(next);
    // An r-coloured vowel is ɚ or ɝ; ə/ɝ + r is only right when the r starts the next syllable ("/ˈsɛpərət/").
    if ((token === 'ə' || token === 'ɝ') && next === 'r') return vowelSet.has(tokens[index + 2] ?? '');
    return true;
  });
}

/** CMUdict's pronunciations of a word, first variant first ("read" → ["R EH1 D", "R IY1 D"]). */
export function cmuPronunciations(word: string): string[] {
  const key = word.toLowerCase();
  const found: string[] = [];
  for (let variant = 1; ; variant += 1) {
    const entry = variant === 1 ? dictionary[key] : dictionary[`${key}(${variant})`];
    if (entry === undefined) break;
    // A few entries carry a comment ("AO1 L B AO0 R G # place, danish").
    found.push(entry.replace(/\s*#.*$/, ''));
  }
  return found;
}

/** Drops what other conventions add (length marks, r-coloured vowels spelled out, dots) before comparing. */
function normaliseForComparison(ipa: string): string {
  return ipa
    .replace(/^\/|\/$/g, '')
    .replaceAll('ː', '')
    .replaceAll('.', '')
    .replaceAll('ɡ', 'g')
    .replaceAll('ɹ', 'r')
    .replace(/ɜr|ɜ/g, 'ɝ')
    .replace(/ər/g, 'ɚ')
    .replaceAll('ɒ', 'ɑ')
    .replaceAll('əʊ', 'oʊ')
    .replace(/e(?!ɪ)/g, 'ɛ');
}

function editDistance(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * The candidate closest to an existing transcription (by edit distance once both are normalised), so a
 * headword keeps the reading its writer chose ("read" past /rɛd/ vs present /rid/); the first on a tie or
 * when there is nothing to compare with.
 */
export function closestIpa(candidates: readonly string[], existing: string | undefined): string | undefined {
  if (!existing || candidates.length < 2) return candidates[0];
  const target = normaliseForComparison(existing);
  let best = candidates[0];
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(normaliseForComparison(candidate), target);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Hand-written IPA for headwords CMUdict lacks or reads in another sense: word (or "word|pos") → IPA. */
export type IpaOverrides = ReadonlyMap<string, string>;

/**
 * Reads ipa-overrides.tsv: "word<TAB>ipa", or "word<TAB>ipa<TAB>pos" when only one part of speech is meant
 * (the noun "record" against the verb); # starts a comment line.
 */
export function parseOverrides(text: string): Map<string, string> {
  const overrides = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [word, ipa, pos] = line.split('\t');
    if (!word || !ipa || !validIpa(ipa)) throw new Error(`ipa-overrides.tsv line ${index + 1}: "${line}"`);
    overrides.set(pos ? `${word}|${pos}` : word, ipa);
  }
  return overrides;
}

/** The IPA of one word of a headword: an override, else the CMUdict variant closest to the old transcription. */
function wordIpa(word: string, overrides: IpaOverrides, existing: string | undefined): string | undefined {
  const override = overrides.get(word) ?? overrides.get(word.toLowerCase());
  if (override) return override.slice(1, -1);
  const candidates = cmuPronunciations(word).map((arpabet) => arpabetToIpaWord(arpabet));
  return closestIpa(candidates, existing && `/${existing}/`);
}

/**
 * A headword's IPA in the convention: an override for the headword (and part of speech), else CMUdict for the
 * whole, else the words of a phrase joined by spaces when every word has one; undefined when none fits.
 */
export function headwordIpa(
  headword: { word: string; pos: string; ipa?: string | undefined },
  overrides: IpaOverrides,
): string | undefined {
  const { word, pos, ipa: existing } = headword;
  const override = overrides.get(`${word}|${pos}`) ?? overrides.get(word);
  if (override) return override;
  const whole = wordIpa(word, overrides, existing?.replace(/^\/|\/$/g, ''));
  if (whole) return `/${whole}/`;
  const parts = word.split(' ');
  if (parts.length < 2) return undefined;
  // Compare each word with the matching word of the old transcription when it has as many.
  const oldParts = existing?.replace(/^\/|\/$/g, '').split(' ');
  const partIpa = parts.map((part, index) =>
    wordIpa(part, overrides, oldParts?.length === parts.length ? oldParts[index] : undefined),
  );
  return partIpa.every((value) => value !== undefined) ? `/${partIpa.join(' ')}/` : undefined;
}
