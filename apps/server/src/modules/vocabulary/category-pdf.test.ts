import { describe, expect, it } from 'vitest';
import { categoryPdfFilename } from './category-pdf.ts';

const title = (en: string) => ({ en, es: 'x', tr: 'x', az: 'x' });

describe('categoryPdfFilename', () => {
  it('is the level and an ASCII slug of the English title', () => {
    expect(categoryPdfFilename({ level: 'A1', title: title('People and family') })).toBe('A1-people-and-family.pdf');
    expect(categoryPdfFilename({ level: 'B2', title: title("Café & résumé: what's new?") })).toBe(
      'B2-cafe-resume-what-s-new.pdf',
    );
    expect(categoryPdfFilename({ level: 'C1', title: title('!!!') })).toBe('C1-category.pdf');
    expect(categoryPdfFilename({ level: 'C2', title: title('word '.repeat(40)) }).length).toBeLessThanOrEqual(87);
  });
});
