import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { concurrencyLimit, QueueFullError } from '../concurrency-limit.ts';
import { ApiError } from '../errors.ts';

/** pdfmake's Node API is one CommonJS object (`module.exports = new pdfmake()`); require keeps its `this`. */
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof PdfMake & {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
};

/** Roboto (the app's typeface) as pdfmake ships it: every Turkish, Azerbaijani and Spanish letter. */
const robotoDir = join(dirname(require.resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
/**
 * Noto Sans for IPA: Roboto lacks ɑ ɔ ɛ ɜ ɪ ʃ ʊ ʌ ʒ ˈ ˌ ː. In the source tree this is
 * src/lib/pdf/fonts; the server bundle copies it next to itself (build.mjs).
 */
const fontsDir = fileURLToPath(new URL('./fonts/', import.meta.url));

const fontFiles = {
  'Roboto-Regular.ttf': join(robotoDir, 'Roboto-Regular.ttf'),
  'Roboto-Medium.ttf': join(robotoDir, 'Roboto-Medium.ttf'),
  'Roboto-Italic.ttf': join(robotoDir, 'Roboto-Italic.ttf'),
  'Roboto-MediumItalic.ttf': join(robotoDir, 'Roboto-MediumItalic.ttf'),
  'NotoSans-Regular.ttf': join(fontsDir, 'NotoSans-Regular.ttf'),
};

/** The families documents may name in `font`. */
export const PDF_FONTS = { text: 'Roboto', phonetic: 'NotoSans' } as const;

const fonts: TFontDictionary = {
  [PDF_FONTS.text]: {
    normal: 'Roboto-Regular.ttf',
    bold: 'Roboto-Medium.ttf',
    italics: 'Roboto-Italic.ttf',
    bolditalics: 'Roboto-MediumItalic.ttf',
  },
  [PDF_FONTS.phonetic]: {
    normal: 'NotoSans-Regular.ttf',
    bold: 'NotoSans-Regular.ttf',
    italics: 'NotoSans-Regular.ttf',
    bolditalics: 'NotoSans-Regular.ttf',
  },
};

let configured = false;

/**
 * Loads the fonts into pdfmake's in-memory file system once (read once per process, not per
 * document), and shuts every other door: no URL is fetched and no local file is read while a
 * document is built, whatever it contains.
 */
function configure() {
  if (configured) return;
  for (const [name, path] of Object.entries(fontFiles)) pdfmake.virtualfs.writeFileSync(name, readFileSync(path));
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  configured = true;
}

/**
 * Laying out a document is synchronous CPU work on the event loop (a category of ~300 words takes
 * about 0.3 s): one at a time, a short queue and a 429 beyond it, so a burst of downloads holds the
 * loop for one layout at a time instead of piling up behind it.
 */
export const PDF_CONCURRENCY = 1;
export const PDF_MAX_WAITING = 8;
const slots = concurrencyLimit(PDF_CONCURRENCY, PDF_MAX_WAITING);

/**
 * The document's bytes. pdfmake's own getBuffer() reads with a 1 GiB size hint, which makes Node
 * copy the whole buffered output again on every chunk (a large share of the time for a long document).
 */
function collect(stream: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    stream.end();
  });
}

/**
 * Recently rendered documents by the caller's key (which must name everything the document shows):
 * learners of one language downloading the same category get the same bytes without a new layout,
 * and parallel requests for one key share one rendering.
 */
export const PDF_CACHE_MAX_ENTRIES = 32;
export const PDF_CACHE_MAX_BYTES = 16 * 1024 * 1024;
const cache = new Map<string, Buffer>();
const rendering = new Map<string, Promise<Buffer>>();
let cachedBytes = 0;

function forget(key: string) {
  const pdf = cache.get(key);
  if (!pdf) return;
  cache.delete(key);
  cachedBytes -= pdf.length;
}

function remember(key: string, pdf: Buffer) {
  forget(key);
  if (pdf.length > PDF_CACHE_MAX_BYTES) return;
  cache.set(key, pdf);
  cachedBytes += pdf.length;
  // A Map iterates in insertion order: the least recently used entries go first.
  for (const oldest of cache.keys()) {
    if (cache.size <= PDF_CACHE_MAX_ENTRIES && cachedBytes <= PDF_CACHE_MAX_BYTES) break;
    forget(oldest);
  }
}

async function render(document: TDocumentDefinitions): Promise<Buffer> {
  configure();
  try {
    return await slots.run(async () => collect(await pdfmake.createPdf(document).getStream()));
  } catch (error) {
    if (error instanceof QueueFullError) throw new ApiError(429, 'throttled');
    throw error;
  }
}

/**
 * Renders a pdfmake document definition to the bytes of a PDF; with a `cacheKey`, a document
 * rendered recently under the same key is answered from memory.
 */
export async function renderPdf(document: TDocumentDefinitions, options: { cacheKey?: string } = {}): Promise<Buffer> {
  const key = options.cacheKey;
  if (key === undefined) return render(document);
  const cached = cache.get(key);
  if (cached) {
    remember(key, cached);
    return cached;
  }
  let pending = rendering.get(key);
  if (!pending) {
    pending = render(document)
      .then((pdf) => {
        remember(key, pdf);
        return pdf;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}
