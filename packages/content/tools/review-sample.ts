/**
 * Draws the words for a quality review (issue 14): words that are new since a commit, at random with
 * a fixed seed, in quotas per level, printed as a table for the reviewer to judge.
 *
 *   npm run review-sample -w @vocagarden/content -- --seed 14 --since 545c3bf [--count 100]
 *
 * The same seed, commit and data always give the same words (a seeded generator, no Math.random).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cefrLevels, type CefrLevel, type WordRow } from '../src/schema.ts';
import { readContent } from './content-data.ts';

/** mulberry32: a small, well-known seeded generator; uniform enough for drawing a sample. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Word ids in the data files of a commit (read with git, so the tool needs the repository's history). */
function wordIdsAt(commit: string): Set<number> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const files = git('ls-tree', '--name-only', commit, 'packages/content/data/')
    .split('\n')
    .filter((path) => path.endsWith('.jsonl'));
  const ids = new Set<number>();
  for (const path of files) {
    for (const line of git('show', `${commit}:${path}`).split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { kind: string; id?: number };
      if (row.kind === 'word' && row.id !== undefined) ids.add(row.id);
    }
  }
  return ids;
}

/** Quotas per level in proportion to the new words, each level at least a tenth of the sample. */
function drawSample(words: readonly WordRow[], count: number, seed: number): WordRow[] {
  const random = seededRandom(seed);
  const byLevel = new Map<CefrLevel, WordRow[]>(cefrLevels.map((level) => [level, []]));
  for (const word of [...words].sort((a, b) => a.id - b.id)) byLevel.get(word.level)!.push(word);
  const floor = Math.floor(count / 10);
  const spare = count - floor * cefrLevels.length;
  const quotas = cefrLevels.map((level) => floor + Math.floor((spare * byLevel.get(level)!.length) / words.length));
  quotas[quotas.length - 1]! += count - quotas.reduce((sum, quota) => sum + quota, 0);
  return cefrLevels.flatMap((level, index) => {
    const pool = [...byLevel.get(level)!];
    const picked: WordRow[] = [];
    while (picked.length < quotas[index]! && pool.length > 0) {
      picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    }
    return picked;
  });
}

function main(args: string[]): void {
  const option = (name: string, fallback?: string) => {
    const index = args.indexOf(`--${name}`);
    const value = index >= 0 ? args[index + 1] : fallback;
    if (value === undefined) throw new Error(`--${name} is required`);
    return value;
  };
  const seed = Number(option('seed'));
  const since = option('since');
  const count = Number(option('count', '100'));
  const old = wordIdsAt(since);
  const fresh = readContent().words.filter((word) => !old.has(word.id));
  const sample = drawSample(fresh, count, seed);
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    `Seed ${seed}; ${sample.length} of the ${fresh.length} words that are new since ${since}.`,
    '',
    '| # | id | level | word | pos | definition | example | tr | es | az |',
    '| - | -- | ----- | ---- | --- | ---------- | ------- | -- | -- | -- |',
    ...sample.map(
      (word, index) =>
        `| ${index + 1} | ${word.id} | ${word.level} | ${cell(word.word)} | ${word.pos} | ${cell(word.definition)} | ` +
        `${cell(word.example)} | ${cell(word.tr.join(', '))} | ${cell(word.es.join(', '))} | ${cell(word.az.join(', '))} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
