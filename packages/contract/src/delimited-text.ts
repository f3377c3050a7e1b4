// One writer for the spreadsheet and flashcard files we hand out: list exports on the server, a
// classroom's progress in the browser.

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"), tab and carriage return included. */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface DelimitedOptions {
  /** `,` for CSV, a tab for Anki's text files. */
  separator: string;
  /** Lines end with CRLF in CSV (RFC 4180); Anki reads either. */
  newline: string;
  /**
   * Prefix a cell that would start a formula with `'`, so a spreadsheet shows it as text. On for
   * files meant for spreadsheets; off where the text is read as it is (an Anki card).
   */
  guardFormulas: boolean;
}

export const CSV: DelimitedOptions = { separator: ',', newline: '\r\n', guardFormulas: true };

function cell(value: string, options: DelimitedOptions): string {
  const text = options.guardFormulas && FORMULA_START.test(value) ? `'${value}` : value;
  // Quoted when it holds the separator, a quote or a line break; quotes inside are doubled.
  return text.includes(options.separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as delimited text (RFC 4180 quoting), each line ended by `newline`. */
export function delimitedText(rows: readonly (readonly string[])[], options: DelimitedOptions = CSV): string {
  return rows.map((row) => row.map((value) => cell(value, options)).join(options.separator) + options.newline).join('');
}
