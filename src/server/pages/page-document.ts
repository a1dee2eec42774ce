import escapeHtml from 'escape-html';
import { PAGES_USED_WITHOUT_CODE } from '../../shared/public-pages.js';
import { PAGE_DATA_ID, SIGNED_IN_COPY_KEY, type RenderedPage } from '../../shared/rendered-page.js';
import type { InlineStylesheet } from './inline-stylesheet.js';

const PAGE_START = '<!--page-->';
const PAGE_END = '<!--/page-->';
const TITLE = /<title>[^<]*<\/title>\s*/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The built index.html cut where a drawn page's head tags, HTML and data go. */
export interface PageTemplate {
  /** The head, with the page's code started once the page is painted. */
  head: string;
  /** The same, with the code started at the visitor's first use instead (`PAGES_USED_WITHOUT_CODE`). */
  headStartedOnUse: string;
  bodyStart: string;
  bodyEnd: string;
}

/**
 * `page`: what one page needs beyond the shell (a member page drawn on the server): its
 * stylesheets, linked in the head, and its code, started with the entry's once the page is painted.
 */
export function pageTemplate(
  indexHtml: string,
  stylesheet?: InlineStylesheet,
  page: { styles: string[]; scripts: string[] } = { styles: [], scripts: [] },
): PageTemplate {
  const entry = ENTRY.exec(indexHtml)?.[1];
  const preloads = [...[...indexHtml.matchAll(PRELOAD)].map((match) => match[1]!), ...page.scripts];
  const styles = page.styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">\n  `).join('');
  const start = indexHtml.indexOf(PAGE_START);
  const end = indexHtml.indexOf(PAGE_END);
  const headEnd = indexHtml.indexOf('</head>');
  if (start < 0 || end < start || headEnd < 0 || headEnd > start || !TITLE.test(indexHtml) || !DESCRIPTION.test(indexHtml)) {
    throw new Error(`index.html has no ${PAGE_START}...${PAGE_END} in its root, or no <title> and description to replace`);
  }
  // A drawn page is read without its scripts, which only take it over: they start once it is
  // painted, or at the visitor's first use (the signed-in copy says whether a member is).
  const startScript = (onUse: boolean) =>
    entry
      ? `<script src="/start-after-paint.js" defer data-entry="${entry}" data-preload="${preloads.join(' ')}"${onUse ? ` data-start="on-use" data-signed-in-copy="${SIGNED_IN_COPY_KEY}"` : ''}></script>`
      : '';
  const headWith = (onUse: boolean) =>
    indexHtml
      .slice(0, headEnd)
      .replace(TITLE, '')
      .replace(DESCRIPTION, '')
      .replace(stylesheet?.link ?? '', stylesheet?.style ?? '')
      .replace(PRELOAD, '')
      .replace(ENTRY, startScript(onUse))
      .concat(styles);
  return {
    head: headWith(false),
    headStartedOnUse: headWith(true),
    bodyStart: indexHtml.slice(headEnd, start),
    bodyEnd: indexHtml.slice(end + PAGE_END.length),
  };
}

/**
 * The whole document of a drawn page. `origin` makes the link previews' addresses absolute
 * (WhatsApp and Facebook need them). Every value from the database is escaped; the data goes in a
 * JSON block the browser never runs, with `<` written as \u003c so nothing inside can close it.
 */
export function pageDocument(template: PageTemplate, page: RenderedPage, origin: string, path: string): string {
  const { title, description, image, type } = page.head;
  const url = `${origin}${path}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', `${origin}${image}`)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', `${origin}${image}`)] : []),
  ];
  const data = JSON.stringify(page.data).replace(/</g, '\\u003c');
  return [
    PAGES_USED_WITHOUT_CODE.includes(path) ? template.headStartedOnUse : template.head,
    `  ${tags.join('\n    ')}\n  `,
    template.bodyStart,
    page.html,
    template.bodyEnd.replace(
      '</body>',
      `  <script type="application/json" id="${PAGE_DATA_ID}"${page.signedIn ? ' data-signed-in' : ''}>${data}</script>\n  </body>`,
    ),
  ].join('');
}
