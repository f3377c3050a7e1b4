/**
 * Rewrites the `ipa` of every word in data/*.jsonl from CMUdict in the set's one convention (tools/ipa.ts),
 * taking reference/ipa-overrides.tsv first, and lists the headwords that still have no IPA. Only the ipa
 * value of a line changes (or an `"ipa": …` pair is added after `"level"`); every other byte stays.
 *
 *   npm run ipa -w @vocagarden/content                 rewrite the files
 *   npm run ipa -w @vocagarden/content -- --check      change nothing; exit 1 if any line would change
 *   … -- --dir /tmp/copy                               work on a copy of data/ instead
 *   … -- --list                                        print every change (old → new), not just a sample
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledContentDir } from '../src/files.ts';
import { headwordIpa, parseOverrides, type IpaOverrides } from './ipa.ts';

export const overridesFile = new URL('../reference/ipa-overrides.tsv', import.meta.url);

export function readOverrides(path: URL | string = overridesFile): Map<string, string> {
  return parseOverrides(readFileSync(path, 'utf8'));
}

/** The JSON text of a string the way the files write it (Python's json.dumps, non-ASCII kept literally). */
const jsonString = (value: string) => JSON.stringify(value);

const ipaPair = /"ipa": "(?:[^"\\]|\\.)*"/;
const levelPair = /"level": "(?:[^"\\]|\\.)*", /;

/**
 * The line with its ipa set to `ipa`, every other byte unchanged: the old value is replaced in place, or
 * the pair is added after "level" (where the format puts it). Throws if the result would not read back as
 * the same object with only the ipa changed.
 */
export function setLineIpa(line: string, ipa: string): string {
  const pair = `"ipa": ${jsonString(ipa)}`;
  let updated: string;
  if (ipaPair.test(line)) updated = line.replace(ipaPair, () => pair);
  else if (levelPair.test(line)) updated = line.replace(levelPair, (level) => `${level}${pair}, `);
  else throw new Error(`no "level" to put the ipa after: ${line}`);
  const before = JSON.parse(line) as Record<string, unknown>;
  const after = JSON.parse(updated) as Record<string, unknown>;
  const expected = Object.keys(before).includes('ipa') ? Object.keys(before) : Object.keys(after);
  const same =
    after.ipa === ipa &&
    JSON.stringify(Object.keys(after)) === JSON.stringify(expected) &&
    Object.keys(before).every((key) => key === 'ipa' || JSON.stringify(before[key]) === JSON.stringify(after[key]));
  if (!same) throw new Error(`rewriting the ipa would change more than the ipa: ${line}`);
  return updated;
}

export interface IpaChange {
  file: string;
  line: number;
  word: string;
  before: string | undefined;
  after: string;
}

export interface IpaResult {
  /** The new text of each file that changes, by file name. */
  texts: Map<string, string>;
  changes: IpaChange[];
  /** Headwords with neither an override nor CMUdict IPA (their line is left as it is). */
  missing: { file: string; line: number; word: string; ipa: string | undefined }[];
  words: number;
}

/** Works out the new IPA of every word line of the given files (name → text) without writing anything. */
export function applyIpa(files: ReadonlyMap<string, string>, overrides: IpaOverrides): IpaResult {
  const result: IpaResult = { texts: new Map(), changes: [], missing: [], words: 0 };
  for (const [file, text] of files) {
    const lines = text.split('\n');
    let changed = false;
    lines.forEach((line, index) => {
      if (!line.includes('"kind": "word"')) return;
      const row = JSON.parse(line) as { kind: string; word: string; pos: string; ipa?: string };
      if (row.kind !== 'word') return;
      result.words += 1;
      const ipa = headwordIpa(row, overrides);
      if (!ipa) {
        result.missing.push({ file, line: index + 1, word: row.word, ipa: row.ipa });
        return;
      }
      if (ipa === row.ipa) return;
      lines[index] = setLineIpa(line, ipa);
      result.changes.push({ file, line: index + 1, word: row.word, before: row.ipa, after: ipa });
      changed = true;
    });
    if (changed) result.texts.set(file, lines.join('\n'));
  }
  return result;
}

function readFolder(folder: string): Map<string, string> {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
  return new Map(names.map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
}

function main(args: string[]): number {
  const check = args.includes('--check');
  const list = args.includes('--list');
  const dirIndex = args.indexOf('--dir');
  const folder = dirIndex >= 0 ? args[dirIndex + 1]! : bundledContentDir;
  const result = applyIpa(readFolder(folder), readOverrides());
  const out = (text: string) => process.stdout.write(`${text}\n`);

  const shown = list ? result.changes : result.changes.slice(0, 15);
  for (const change of shown) {
    out(`${change.file}:${change.line}  ${change.word}  ${change.before ?? '(none)'} → ${change.after}`);
  }
  if (shown.length < result.changes.length)
    out(`… and ${result.changes.length - shown.length} more (--list shows all)`);
  out(`${result.words} words: ${result.changes.length} ${check ? 'would change' : 'changed'}.`);
  if (result.missing.length > 0) {
    out(`${result.missing.length} headwords have no IPA from CMUdict or ipa-overrides.tsv:`);
    for (const { file, line, word, ipa } of result.missing) out(`  ${file}:${line}  ${word}  ${ipa ?? '(none)'}`);
  }
  if (check) return result.changes.length > 0 ? 1 : 0;
  for (const [file, text] of result.texts) writeFileSync(join(folder, file), text);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
