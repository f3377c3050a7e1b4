import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../src/db/client.ts';
import { importContentFiles } from '../src/modules/vocabulary/content-import.ts';

const localized = (text: string) => ({ en: text, es: `${text} (es)`, tr: `${text} (tr)`, az: `${text} (az)` });

/**
 * A small synthetic A1 set: one category (id 190) with 6 lists of 15 words (ids 1901–1906,
 * words 19001–19090), so lists 1–4 are free and 5–6 premium. Word 19001 is "apple".
 */
export function sampleContentLines(): string[] {
  const lines: object[] = [
    {
      kind: 'category',
      id: 190,
      level: 'A1',
      order: 90,
      illustration: 'apple-tree',
      title: localized('Sample garden'),
      description: localized('Words for tests.'),
    },
  ];
  for (let list = 0; list < 6; list += 1) {
    const ids = Array.from({ length: 15 }, (_, index) => 19001 + list * 15 + index);
    lines.push({
      kind: 'list',
      id: 1901 + list,
      category: 190,
      order: list + 1,
      title: localized(`Sample ${list + 1}`),
      words: ids,
    });
    for (const id of ids) {
      const first = id === 19001;
      lines.push({
        kind: 'word',
        id,
        word: first ? 'apple' : `sampleword${id}`,
        pos: 'noun',
        level: 'A1',
        definition: first ? 'a round fruit' : `test definition ${id}`,
        example: first ? 'She eats an apple every day.' : `Example ${id}.`,
        tr: first ? ['elma'] : [`kelime${id}`],
        es: first ? ['manzana'] : [`palabra${id}`],
        az: first ? ['alma'] : [`söz${id}`, `sözcük${id}`],
      });
    }
  }
  return lines.map((line) => JSON.stringify(line));
}

export function writeContentFile(name: string, lines: string[]): string {
  const path = join(tmpdir(), `vocagarden-${process.pid}-${Date.now()}-${name}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

let seeded: Promise<void> | undefined;

/** Imports the sample set once per test worker (the import is idempotent anyway). */
export function seedSampleContent(db: Database): Promise<void> {
  seeded ??= importContentFiles(db, [writeContentFile('sample.jsonl', sampleContentLines())]).then((report) => {
    if (report.problems.length > 0) throw new Error(JSON.stringify(report.problems));
  });
  return seeded;
}

export const SAMPLE = { categoryId: 190, freeListId: 1901, premiumListId: 1905, appleId: 19001 } as const;
