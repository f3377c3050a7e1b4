import { contentRowSchema, type ContentRow } from './schema.ts';

export interface RowProblem {
  file: string;
  line: number;
  reason: string;
}

export interface ParsedRow {
  file: string;
  line: number;
  row: ContentRow;
}

/** CSV columns for word files; alternatives within a translation cell are separated by "|". */
export const csvWordColumns = ['id', 'word', 'pos', 'level', 'ipa', 'definition', 'example', 'tr', 'es', 'az'] as const;

/**
 * RFC 4180 fields: separated by commas (or `delimiter`: a spreadsheet's semicolon or tab), quotes
 * doubled inside quoted fields, newlines only inside quotes. Blank records are left out.
 */
export function parseCsvRecords(text: string, delimiter = ','): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      fields.push(field);
      if (fields.some((value) => value !== '')) records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line += 1;
      recordLine = line;
    } else field += char;
  }
  fields.push(field);
  if (fields.some((value) => value !== '')) records.push({ line: recordLine, fields });
  return records;
}

function csvToRows(text: string): { line: number; value: unknown; error?: string }[] {
  const [header, ...records] = parseCsvRecords(text);
  const columns = header?.fields.map((name) => name.trim()) ?? [];
  const missing = csvWordColumns.filter((column) => column !== 'ipa' && !columns.includes(column));
  if (missing.length > 0) return [{ line: 1, value: null, error: `missing CSV columns: ${missing.join(', ')}` }];
  return records.map(({ line, fields }) => {
    const cell = (name: string) => (fields[columns.indexOf(name)] ?? '').trim();
    const list = (name: string) =>
      cell(name)
        .split('|')
        .map((part) => part.trim())
        .filter(Boolean);
    const value = {
      kind: 'word',
      id: Number(cell('id')),
      word: cell('word'),
      pos: cell('pos'),
      level: cell('level'),
      ...(cell('ipa') ? { ipa: cell('ipa') } : {}),
      definition: cell('definition'),
      example: cell('example'),
      tr: list('tr'),
      es: list('es'),
      az: list('az'),
    };
    return { line, value };
  });
}

function jsonlToRows(text: string): { line: number; value: unknown; error?: string }[] {
  return text.split('\n').flatMap((source, index) => {
    if (source.trim() === '') return [];
    try {
      return [{ line: index + 1, value: JSON.parse(source) as unknown }];
    } catch {
      return [{ line: index + 1, value: null, error: 'not valid JSON' }];
    }
  });
}

/** Parses one content file (JSON Lines, or CSV of words) and checks each row's shape on its own. */
export function parseContentFile(file: string, text: string): { rows: ParsedRow[]; problems: RowProblem[] } {
  const rows: ParsedRow[] = [];
  const problems: RowProblem[] = [];
  const records = file.toLowerCase().endsWith('.csv') ? csvToRows(text) : jsonlToRows(text);
  for (const { line, value, error } of records) {
    if (error) {
      problems.push({ file, line, reason: error });
      continue;
    }
    const parsed = contentRowSchema.safeParse(value);
    if (parsed.success) rows.push({ file, line, row: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        problems.push({ file, line, reason: `${where}${issue.message}` });
      }
    }
  }
  return { rows, problems };
}
