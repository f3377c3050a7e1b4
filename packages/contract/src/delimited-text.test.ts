import { describe, expect, it } from 'vitest';
import { CSV, delimitedText } from './delimited-text.ts';

describe('delimitedText', () => {
  it('quotes cells with the separator, quotes or line breaks, doubling the quotes', () => {
    expect(delimitedText([['a', 'b, c', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      'a,"b, c","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it.each(['=1+1', '+90 555', '-2', '@SUM(A1)', '\tx', '\rx'])(
    'prefixes %j with an apostrophe so a spreadsheet shows it as text',
    (value) => {
      expect(delimitedText([[value]])).toMatch(/^"?'/);
    },
  );

  it('leaves cells that only contain formula characters later on', () => {
    expect(delimitedText([['a=b', 'x-y', 'e@mail']])).toBe('a=b,x-y,e@mail\r\n');
  });

  it('writes tab-separated text without the formula guard when asked', () => {
    const options = { ...CSV, separator: '\t', newline: '\n', guardFormulas: false };
    expect(delimitedText([['=x', 'a,b', 'c\td']], options)).toBe('=x\ta,b\t"c\td"\n');
  });
});
