import { describe, expect, it } from 'vitest';
import { csvSeparator, progressCsv } from './progress-csv.ts';

const headers = {
  name: 'Name',
  email: 'Email',
  proven: 'Proven in practice',
  known: 'Marked known',
  hard: 'Challenging',
  words: 'Words in the list',
  lastStudied: 'Last studied',
};
const row = { id: 1, name: 'Mert', email: 'mert@example.com', proven: 3, known: 5, hard: 1, last_studied: null };

describe('progressCsv', () => {
  it('writes a header and one line per member, with a BOM and CRLF line ends', () => {
    const csv = progressCsv({ rows: [row], quantity: 20, headers, unnamed: 'Learner', language: 'en' });
    expect(csv).toBe(
      '\uFEFFName,Email,Proven in practice,Marked known,Challenging,Words in the list,Last studied\r\n' +
        'Mert,mert@example.com,3,5,1,20,\r\n',
    );
  });

  it('names a member without a name, and writes the last study time in local time', () => {
    const at = new Date(2025, 2, 7, 9, 5);
    const csv = progressCsv({
      rows: [{ ...row, name: '', last_studied: at.toISOString() }],
      quantity: 20,
      headers,
      unnamed: 'Learner',
      language: 'en',
    });
    expect(csv.split('\r\n')[1]).toBe('Learner,mert@example.com,3,5,1,20,2025-03-07 09:05');
  });

  it('quotes separators, quotes and line breaks, and keeps formulas as text', () => {
    const csv = progressCsv({
      rows: [
        { ...row, name: 'Ayla, "the best"' },
        { ...row, name: '=HYPERLINK("http://evil")' },
        { ...row, name: 'Two\nlines' },
        { ...row, name: '-1+2' },
      ],
      quantity: 4,
      headers,
      unnamed: 'Learner',
      language: 'en',
    });
    const names = csv
      .split('\r\n')
      .slice(1, 5)
      .map((line) => line.slice(0, line.indexOf(',mert@')));
    expect(names).toEqual(['"Ayla, ""the best"""', `"'=HYPERLINK(""http://evil"")"`, '"Two\nlines"', "'-1+2"]);
  });

  it('splits by semicolons where the decimal mark is a comma', () => {
    expect(csvSeparator('en')).toBe(',');
    expect(['es', 'tr', 'az'].map(csvSeparator)).toEqual([';', ';', ';']);
    const csv = progressCsv({
      rows: [{ ...row, name: 'Pérez; Ana' }],
      quantity: 2,
      headers,
      unnamed: '-',
      language: 'es',
    });
    expect(csv.split('\r\n')[1]).toBe('"Pérez; Ana";mert@example.com;3;5;1;2;');
  });
});
