import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseContentFile, type ParsedRow, type RowProblem } from './parse.ts';

export const bundledContentDir = fileURLToPath(new URL('../data/', import.meta.url));

/** The vocabulary set shipped with the app (A1 … C2), in level order. */
export function bundledContentFiles(folder = bundledContentDir): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(folder, name));
}

/** Reads and parses files; problems name the file by its base name and the line. */
export function loadContentFiles(paths: string[]): { rows: ParsedRow[]; problems: RowProblem[] } {
  const rows: ParsedRow[] = [];
  const problems: RowProblem[] = [];
  for (const path of paths) {
    const result = parseContentFile(basename(path), readFileSync(path, 'utf8'));
    rows.push(...result.rows);
    problems.push(...result.problems);
  }
  return { rows, problems };
}
