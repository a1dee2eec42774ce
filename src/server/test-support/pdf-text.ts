import { XMLValidator } from 'fast-xml-parser';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of every page of a PDF, as a reader would copy it: proves the file parses and says what it should. */
export async function pdfText(data: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

/** What a reader is told of a PDF besides its text: its title and language, and each font it draws with, embedded or not. */
/** The XMP packet (written uncompressed) passes a strict XML parser. */
function xmpIsWellFormed(data: Buffer): boolean {
  const xmp = /<x:xmpmeta[\s\S]*<\/x:xmpmeta>/.exec(data.toString('utf8'))?.[0];
  return xmp !== undefined && XMLValidator.validate(xmp) === true;
}

export async function pdfFacts(data: Buffer) {
  // No standard fonts to fall back on: a font the file does not embed is then reported missing.
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS }).promise;
  const { info, metadata } = (await document.getMetadata()) as {
    info: { Title?: string; Language?: string | null };
    metadata: { get(name: string): unknown } | null;
  };
  const fonts = new Map<string, { name: string; embedded: boolean }>();
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const operators = await page.getOperatorList();
    operators.fnArray.forEach((operator, index) => {
      if (operator !== OPS.setFont) return;
      const font = page.commonObjs.get(operators.argsArray[index][0]) as { name: string; missingFile: boolean };
      fonts.set(font.name, { name: font.name, embedded: !font.missingFile });
    });
  }
  const facts = {
    title: info.Title,
    language: info.Language,
    showsTitle: ((await document.getViewerPreferences()) as { DisplayDocTitle?: boolean } | null)?.DisplayDocTitle === true,
    tagged: (await document.getMarkInfo())?.Marked === true,
    fonts: [...fonts.values()],
    /** The XMP metadata's title and creator as pdf.js reads them, and whether a strict XML parser takes it whole. */
    xmp: { title: metadata?.get('dc:title') ?? null, creator: metadata?.get('dc:creator') ?? null, wellFormed: xmpIsWellFormed(data) },
  };
  await document.destroy();
  return facts;
}
