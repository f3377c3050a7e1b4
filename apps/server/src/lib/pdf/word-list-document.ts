import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PDF_FONTS } from './pdf-renderer.ts';

/** One word as printed: the meaning is a translation, or the definition for English speakers. */
export interface WordListRow {
  word: string;
  pos: string;
  ipa: string | null;
  meaning: string;
  example: string;
}

export interface WordListSection {
  title: string;
  /** e.g. "19 words", already in the reader's language. */
  caption: string;
  rows: WordListRow[];
}

/** Every text is already in the reader's language; the builder only lays them out. */
export interface WordListDocument {
  /** BCP 47 tag of the document's language (PDF metadata and screen readers). */
  language: string;
  brand: string;
  /** What the document is, e.g. "Vocabulary list", shown above the title. */
  kind: string;
  title: string;
  description: string;
  /** Short facts shown as chips under the title: "Level A1", "4 lists", "83 words". */
  facts: string[];
  columns: { word: string; pos: string; ipa: string; meaning: string; example: string };
  /** True when the meaning column holds English definitions (longer than translations). */
  meaningIsDefinition: boolean;
  sections: WordListSection[];
  /** "Page 2 of 5" */
  pageLabel(page: number, pages: number): string;
}

/** Bounds the work one document may ask for: a category holds ≤ ~10 lists × 30 words. */
export const WORD_LIST_MAX_SECTIONS = 50;
export const WORD_LIST_MAX_ROWS = 1500;

const colors = {
  brand: '#2e7d32',
  brandDark: '#1b5e20',
  brandSoft: '#e8f3e6',
  brandTint: '#c8e6c9',
  zebra: '#f7faf6',
  rule: '#dfe8dc',
  text: '#1f2a1f',
  muted: '#5f6b5f',
  faint: '#8a958a',
} as const;

/** The brand's leaf (apps/web/src/components/leaf-icon.tsx), as an SVG pdfmake draws as vectors. */
const leaf = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${color}" fill-rule="evenodd" d="M21 3C12 3 5 7 5 14.5c0 1.3.3 2.5.8 3.5l-2.5 2.6 1.1 1.1 2.5-2.6c1.1.6 2.4.9 3.7.9C18 20 21.5 12 21 3zM8.1 17.2c2.2-4 5-7.3 9.2-10.4-3.5 3.7-5.8 6.9-7.8 11.2z"/></svg>`;

const wordCharacter = /[\p{L}\p{N}]/u;
const isWordCharacter = (character: string | undefined) => character !== undefined && wordCharacter.test(character);

/**
 * The example's parts, with the headword and its inflections (apple → apples, fit in → fit in)
 * set in bold. A plain scan: a regular expression built per word costs a millisecond a row.
 */
export function highlightHeadword(
  example: string,
  word: string,
): (string | { text: string; bold: true; color: string })[] {
  const stem = word.trim().toLowerCase();
  const lower = example.toLowerCase();
  // Lower-casing may change lengths (İ → i̇); positions would no longer line up.
  if (!stem || lower.length !== example.length) return [example];
  const parts: (string | { text: string; bold: true; color: string })[] = [];
  let done = 0;
  for (let at = lower.indexOf(stem); at !== -1; at = lower.indexOf(stem, at + 1)) {
    if (at < done || isWordCharacter(lower[at - 1])) continue;
    let end = at + stem.length;
    while (isWordCharacter(lower[end])) end += 1;
    if (at > done) parts.push(example.slice(done, at));
    parts.push({ text: example.slice(at, end), bold: true, color: colors.text });
    done = end;
  }
  if (done < example.length) parts.push(example.slice(done));
  return parts;
}

/** Thin rules between rows, none between columns; the column labels sit on a soft green band. */
const wordTableLayout = (headerRows: number): CustomTableLayout => ({
  hLineWidth: (i, node) => {
    if (i < headerRows) return 0;
    if (i === headerRows || i === node.table.body.length) return 0.8;
    return 0.4;
  },
  hLineColor: (i, node) => (i === headerRows || i === node.table.body.length ? colors.brandTint : colors.rule),
  vLineWidth: () => 0,
  fillColor: (row) =>
    row === headerRows - 1 ? colors.brandSoft : row >= headerRows && row % 2 === 0 ? colors.zebra : null,
  paddingLeft: (column) => (column === 0 ? 6 : 5),
  paddingRight: (column, node) => (column === (node.table.widths?.length ?? 1) - 1 ? 6 : 5),
  paddingTop: (row) => (row === 0 ? 0 : row === headerRows - 1 ? 5 : 4),
  paddingBottom: (row) => (row === 0 ? 6 : row === headerRows - 1 ? 5 : 4),
});

function sectionTable(section: WordListSection, document: WordListDocument): Content {
  const { columns } = document;
  const headerCell = (text: string): TableCell => ({
    text: text.toLocaleUpperCase(document.language),
    style: 'columnLabel',
  });
  const titleRow: TableCell[] = [
    {
      colSpan: 5,
      columns: [
        { text: section.title, style: 'sectionTitle', width: '*' },
        { text: section.caption, style: 'sectionCaption', width: 'auto' },
      ],
    },
    {},
    {},
    {},
    {},
  ];
  const labelRow: TableCell[] = [columns.word, columns.pos, columns.ipa, columns.meaning, columns.example].map(
    headerCell,
  );
  const body: TableCell[][] = section.rows.map((row) => [
    { text: row.word, style: 'headword' },
    { text: row.pos, style: 'pos' },
    row.ipa ? { text: row.ipa, style: 'ipa' } : { text: '—', style: 'pos' },
    { text: row.meaning, style: 'meaning' },
    { text: highlightHeadword(row.example, row.word), style: 'example' },
  ]);
  const widths = document.meaningIsDefinition ? [72, 50, 72, 150, '*'] : [80, 54, 78, 104, '*'];
  return {
    table: {
      headerRows: 2,
      // The title and column labels repeat on every page the list runs over, and never end a page alone.
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths,
      body: [titleRow, labelRow, ...body],
    },
    layout: wordTableLayout(2),
    margin: [0, 18, 0, 0],
  };
}

function titleBlock(document: WordListDocument): Content {
  // One row of cells, a gap column between each two: the facts as dark green chips.
  const chips: Content = {
    table: {
      widths: document.facts.flatMap((_fact, index) => (index === 0 ? ['auto'] : [6, 'auto'])),
      body: [
        document.facts.flatMap((fact, index): TableCell[] =>
          index === 0 ? [{ text: fact, style: 'chip' }] : [{ text: '' }, { text: fact, style: 'chip' }],
        ),
      ],
    },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      fillColor: (_row, _node, column) => (column % 2 === 0 ? colors.brandDark : null),
      paddingLeft: (column) => (column % 2 === 0 ? 8 : 0),
      paddingRight: (column) => (column % 2 === 0 ? 8 : 0),
      paddingTop: () => 3.5,
      paddingBottom: () => 3.5,
    },
    margin: [0, 14, 0, 0],
  };
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              {
                columns: [
                  { svg: leaf('#ffffff'), width: 22, height: 22 },
                  { text: document.brand, style: 'brand', width: 'auto', margin: [6, 3, 0, 0] },
                  { text: document.kind.toLocaleUpperCase(document.language), style: 'kind', width: '*' },
                ],
              },
              { text: document.title, style: 'title' },
              document.description ? { text: document.description, style: 'description' } : '',
              chips,
            ],
          },
        ],
      ],
    },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      fillColor: () => colors.brand,
      paddingLeft: () => 22,
      paddingRight: () => 22,
      paddingTop: () => 18,
      paddingBottom: () => 20,
    },
  };
}

/** An A4 word list: a title block, then one table per section, page numbers in the footer. */
export function wordListDocument(document: WordListDocument): TDocumentDefinitions {
  const rows = document.sections.reduce((sum, section) => sum + section.rows.length, 0);
  if (document.sections.length > WORD_LIST_MAX_SECTIONS || rows > WORD_LIST_MAX_ROWS) {
    throw new RangeError(
      `A word list holds at most ${WORD_LIST_MAX_SECTIONS} sections and ${WORD_LIST_MAX_ROWS} words`,
    );
  }
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 52],
    language: document.language,
    info: {
      title: `${document.title} — ${document.brand}`,
      author: document.brand,
      creator: document.brand,
      producer: document.brand,
      subject: document.kind,
    },
    content: [titleBlock(document), ...document.sections.map((section) => sectionTable(section, document))],
    footer: (page, pages) => ({
      margin: [40, 16, 40, 0],
      columns: [
        {
          columns: [
            { svg: leaf(colors.brand), width: 9, height: 9, margin: [0, 0.5, 0, 0] },
            { text: `${document.brand} · ${document.title}`, style: 'footer', margin: [4, 0, 0, 0] },
          ],
          width: '*',
        },
        { text: document.pageLabel(page, pages), style: 'footer', alignment: 'right', width: 'auto' },
      ],
    }),
    defaultStyle: { font: PDF_FONTS.text, fontSize: 9, color: colors.text, lineHeight: 1.15 },
    styles: {
      brand: { fontSize: 14, bold: true, color: '#ffffff' },
      kind: {
        fontSize: 8,
        bold: true,
        color: colors.brandTint,
        alignment: 'right',
        characterSpacing: 0.8,
        margin: [0, 6, 0, 0],
      },
      title: { fontSize: 26, bold: true, color: '#ffffff', lineHeight: 1.05, margin: [0, 18, 0, 0] },
      description: { fontSize: 11, color: '#e8f5e9', margin: [0, 6, 0, 0] },
      chip: { fontSize: 8.5, bold: true, color: '#ffffff' },
      sectionTitle: { fontSize: 13, bold: true, color: colors.brandDark },
      sectionCaption: { fontSize: 8.5, color: colors.muted, margin: [0, 3.5, 0, 0] },
      columnLabel: { fontSize: 7, bold: true, color: colors.brandDark, characterSpacing: 0.6 },
      headword: { fontSize: 10, bold: true },
      pos: { fontSize: 8, color: colors.muted, margin: [0, 1.9, 0, 0] },
      ipa: { font: PDF_FONTS.phonetic, fontSize: 8.5, color: colors.muted, margin: [0, 0.2, 0, 0] },
      meaning: { fontSize: 9.5, margin: [0, 0.5, 0, 0] },
      example: { fontSize: 9, italics: true, color: colors.muted, margin: [0, 0.9, 0, 0] },
      footer: { fontSize: 7.5, color: colors.faint },
    },
  };
}
