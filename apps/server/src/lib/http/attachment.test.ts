import { describe, expect, it } from 'vitest';
import { attachment } from './attachment.ts';

describe('attachment', () => {
  it('names the file as typed in filename*, with an ASCII stand-in', () => {
    expect(attachment('Günlük sözlər.csv')).toBe(
      `attachment; filename="Gunluk sozl_r.csv"; filename*=UTF-8''G%C3%BCnl%C3%BCk%20s%C3%B6zl%C9%99r.csv`,
    );
  });

  it('keeps path separators, quotes and control characters out of both names', () => {
    expect(attachment('../a/b\\c"d\r\ne*(1).txt')).toBe(
      `attachment; filename=".. a b c d e (1).txt"; filename*=UTF-8''..%20a%20b%20c%20d%20e%20%281%29.txt`,
    );
  });
});
