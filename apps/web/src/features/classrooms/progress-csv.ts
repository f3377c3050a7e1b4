import { CSV, delimitedText, type MemberListProgress } from '@vocagarden/contract';

export type ProgressColumn = 'name' | 'email' | 'proven' | 'known' | 'hard' | 'words' | 'lastStudied';

/**
 * The separator a spreadsheet expects in this language: where the decimal mark is a comma (es,
 * tr, az), Excel opens a file split by semicolons, and one split by commas as a single column.
 */
export function csvSeparator(language: string): ',' | ';' {
  return new Intl.NumberFormat(language).format(1.5).includes(',') ? ';' : ',';
}

/** Local time as YYYY-MM-DD HH:mm, which every spreadsheet reads as a date in any language. */
function localDateTime(iso: string): string {
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The per-list progress table as CSV (RFC 4180 quoting, CRLF), with a byte-order mark so that
 * Excel reads the names' letters (ç, ş, ə…) as UTF-8. Rows keep the order they are given in.
 */
export function progressCsv(options: {
  rows: MemberListProgress[];
  quantity: number;
  headers: Record<ProgressColumn, string>;
  /** The name shown for a member who has none. */
  unnamed: string;
  language: string;
}): string {
  const { rows, quantity, headers, unnamed, language } = options;
  const columns: ProgressColumn[] = ['name', 'email', 'proven', 'known', 'hard', 'words', 'lastStudied'];
  const lines = [
    columns.map((column) => headers[column]),
    ...rows.map((row) => [
      row.name || unnamed,
      row.email,
      String(row.proven),
      String(row.known),
      String(row.hard),
      String(quantity),
      row.last_studied ? localDateTime(row.last_studied) : '',
    ]),
  ];
  return `\uFEFF${delimitedText(lines, { ...CSV, separator: csvSeparator(language) })}`;
}
