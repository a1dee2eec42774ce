import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/** The names `doc.font()` takes for the embedded font's two weights. */
export const REGULAR = 'NotoSans-Regular';
export const BOLD = 'NotoSans-Bold';

// Noto Sans, embedded, rather than pdfkit's built-in Helvetica: a standard font is not embedded and
// knows Latin-1 only, so Yoruba and Igbo letters (ọ, ẹ, ṣ, ń, a dot below under an accent) and the
// naira sign came out as other characters. The files are resolved from node_modules, so the built
// server and the production image find them as the tests do; read once, when the first PDF is drawn.
const fontFile = (weight: string) =>
  withoutComposition(readFileSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`)));
let fonts: Record<string, Buffer> | undefined;
/** Read at the first PDF, not when the server starts: most processes never draw one. */
const embeddedFonts = () => (fonts ??= { [REGULAR]: fontFile('400Regular'), [BOLD]: fontFile('700Bold') });

/**
 * The font with its `ccmp` feature renamed, so that fontkit leaves it out. Noto's `ccmp` draws ọ as
 * an o and a dot below; pdfkit maps each glyph to one character for the whole file, so the text a
 * reader copies, searches or reads aloud came out "o'" for ọ, or ọ for every o. Without it every
 * letter is its own glyph (marks are still placed by `mark`); the cost is an ị with a tone mark,
 * whose accent sits beside the dot. Only the layout tables change; pdfkit embeds none of them.
 */
function withoutComposition(font: Buffer): Buffer {
  const tableCount = font.readUInt16BE(4);
  for (let table = 12; table < 12 + 16 * tableCount; table += 16) {
    if (font.toString('latin1', table, table + 4) !== 'GSUB') continue;
    const gsub = font.readUInt32BE(table + 8);
    const features = gsub + font.readUInt16BE(gsub + 6);
    for (let record = features + 2; record < features + 2 + 6 * font.readUInt16BE(features); record += 6) {
      if (font.toString('latin1', record, record + 4) === 'ccmp') font.write('xcmp', record, 'latin1');
    }
  }
  return font;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * pdfkit writes the title and author twice: in the Info dictionary (a PDF string) and, from PDF
 * 1.4 on, in the XMP metadata, unescaped, so a company named "Modelling & Music" made the XMP
 * invalid XML. The Info dictionary is written first (end()): the text is escaped for the XMP only,
 * between the two.
 */
function escapeMetadataText(doc: PDFKit.PDFDocument): void {
  const drawing = doc as unknown as { endMetadata(): void; info: Record<string, unknown> };
  const endMetadata = drawing.endMetadata.bind(doc);
  drawing.endMetadata = () => {
    for (const [key, value] of Object.entries(drawing.info)) {
      if (typeof value === 'string') drawing.info[key] = value.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);
    }
    endMetadata();
  };
}

export interface PdfOptions {
  /** Shown by a reader in place of the file name. */
  title: string;
  author: string;
  size: 'A4' | 'A5';
  layout?: 'portrait' | 'landscape';
  margin: number;
}

/** A PDF being drawn: draw on `doc` inside `tag` and `decoration`, then `end` it for its bytes. */
export interface Pdf {
  doc: PDFKit.PDFDocument;
  /** Draws one element of the document's structure (a paragraph `P`, a heading `H1`, a `Figure` with its alt text), which a screen reader reads in order. */
  tag(type: 'P' | 'H1' | 'Figure', draw: () => void, options?: { alt: string }): void;
  /** Draws what a screen reader skips: borders, rules. */
  decoration(draw: () => void): void;
  end(): Promise<Buffer>;
}

/** A tagged PDF in English as written in Nigeria, with its title, drawn in the embedded Noto Sans. */
export function newPdf(options: PdfOptions): Pdf {
  const doc = new PDFDocument({
    size: options.size,
    layout: options.layout ?? 'portrait',
    margin: options.margin,
    // 1.7 (ISO 32000-1): the language, the title shown as the window's name, and tags are 1.4 and later.
    pdfVersion: '1.7',
    lang: 'en-NG',
    displayTitle: true,
    tagged: true,
    info: { Title: options.title, Author: options.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  escapeMetadataText(doc);
  for (const [name, data] of Object.entries(embeddedFonts())) doc.registerFont(name, data);
  doc.font(REGULAR);

  const structure = doc.struct('Document');
  doc.addStructure(structure);
  return {
    doc,
    tag: (type, draw, tagOptions) => structure.add(doc.struct(type, tagOptions ?? {}, draw)),
    decoration: (draw) => {
      doc.markContent('Artifact', { type: 'Layout' });
      draw();
      doc.endMarkedContent();
    },
    end: () => {
      structure.end();
      doc.end();
      return bytes;
    },
  };
}
