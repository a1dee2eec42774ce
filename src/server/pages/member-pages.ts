import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { FORMS_DRAWN, MEMBER_DATA_ID, MEMBER_PAGES, SHELL_MODULES } from '../../shared/member-pages.js';
import type { DrawnSeeds, PageRenderer } from '../../shared/rendered-page.js';
import type { InlineStylesheet } from './inline-stylesheet.js';
import { encodedPage, encodingFor } from './html-encoding.js';
import { pageDocument, pageTemplate, type PageTemplate } from './page-document.js';
import { drawMemberPage } from './page-renderer.js';

/** One chunk of Vite's build manifest (`build.manifest`), keyed by its source file under src/web. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files a module needs before it can run: its chunk, the chunks it imports statically, their
 * stylesheets; those the shell's index.html already names are left out.
 */
export function filesOf(manifest: Record<string, ManifestChunk>, modules: string[], inShell: Set<string>): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  const fresh = (file: string) => !inShell.has(`/${file}`);
  return { scripts: [...scripts].filter(fresh), styles: [...styles].filter(fresh) };
}

/** JSON inside `<script type="application/json">`, with `<` written as \u003c so nothing inside can close it. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Member pages sent with the member's data (`shared/member-pages.ts`, issue 31), when the request's
 * session is a member's:
 * - a page `drawnOnServer` (the dashboard) is drawn with the member's data (`entry-server.tsx`,
 *   every call made inside this process with the request's own cookie), its stylesheets linked and
 *   its code started once it is painted, as a public page's;
 * - any other, and a dashboard that could not be drawn, is the shell with preloads of the page's
 *   code and the answers of the page's first calls (`app.inject`, with the request's cookie).
 * One address may cause `drawsPerMinute` drawings a minute (`RATE_LIMIT_PAGE_DRAWS`, as for the
 * public pages); past that it gets the shell with the data. The answer is the member's alone: `Cache-Control: private, no-store`, never in the shared page
 * cache (`served-pages.ts`, which only keeps public pages). Signed out, or a staff account, the
 * plain shell: the browser's guard sends the visitor on as before.
 */
export function memberPages(
  app: FastifyInstance,
  {
    root,
    shell,
    renderer,
    stylesheet,
    publicUrl,
    drawsPerMinute,
    csrfTokenOf,
  }: {
    root: string;
    shell: string;
    renderer?: PageRenderer;
    stylesheet?: InlineStylesheet;
    publicUrl?: string;
    drawsPerMinute: number;
    /** The CSRF token of the request's session, for a form that posts it as a field. */
    csrfTokenOf: (request: FastifyRequest) => string | undefined;
  },
) {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  const inShell = new Set([...shell.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!));
  const preloads = new Map<string, string>();
  const drawnTemplates = new Map<string, PageTemplate>();
  for (const [page, { module, drawnOnServer }] of Object.entries(MEMBER_PAGES)) {
    const { scripts, styles } = filesOf(manifest, [module, ...SHELL_MODULES], inShell);
    if (drawnOnServer && renderer) {
      drawnTemplates.set(page, pageTemplate(shell, stylesheet, { styles: styles.map((file) => `/${file}`), scripts: scripts.map((file) => `/${file}`) }));
    }
    preloads.set(
      page,
      [
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join(''),
    );
  }

  // Drawing is what costs: past this many a minute from one address, the shell with the data goes instead.
  const drawingAllowed = app.createRateLimit({ max: drawsPerMinute, timeWindow: 60_000, keyGenerator: (request) => `member-page-draws|${request.ip}` });

  /** The page drawn for the member; false when it could not or may not be drawn (the shell with the data goes instead). */
  async function sendDrawn(
    request: FastifyRequest,
    reply: FastifyReply,
    template: PageTemplate,
    headers: Record<string, string>,
    profile: LightMyRequestResponse,
    { seeds, status }: Required<SendOptions>,
  ): Promise<boolean> {
    const limit = await drawingAllowed(request);
    if (!limit.isAllowed && limit.isExceeded) return false;
    let page;
    try {
      page = await drawMemberPage(app, renderer!, request.url, headers, new Map([[PROFILE_URL, profile]]), seeds);
    } catch (error) {
      request.log.warn({ err: error }, 'could not draw a member page on the server; sending the shell with its data');
      return false;
    }
    if (!page) return false;
    const origin = (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
    const html = Buffer.from(pageDocument(template, page, origin, request.url.split('?')[0]!));
    const encoding = encodingFor(request);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    await reply
      .status(status)
      .header('Cache-Control', 'private, no-store')
      .header('Vary', 'Cookie, Accept-Encoding')
      .header('Content-Type', 'text/html; charset=utf-8')
      .send((await encodedPage(html, 'fast'))[encoding]);
    return true;
  }

  /** What the server knows of the page beyond its calls: a drawn form's hidden fields, the dashboard's word after a plain post. */
  function seedsOf(request: FastifyRequest, reply: FastifyReply, pathname: string): DrawnSeeds {
    if (drawnFormAt(pathname)) {
      const csrfToken = csrfTokenOf(request);
      return csrfToken ? { formPost: { csrfToken, idempotencyKey: randomUUID() } } : {};
    }
    const sent = request.cookies[FORM_SENT_COOKIE];
    if (pathname !== DASHBOARD || sent === undefined) return {};
    reply.clearCookie(FORM_SENT_COOKIE, { path: DASHBOARD });
    const form = FORMS_DRAWN.find((kind) => kind === sent);
    return form ? { flash: FORM_DEFINITIONS[form].success } : {};
  }

  return {
    /**
     * Sends the page and answers true, or false when it is not a member page this knows. `seeds`
     * and `status`: a form drawn again after its plain post was refused (form-posts.ts).
     */
    async send(request: FastifyRequest, reply: FastifyReply, { seeds = {}, status = 200 }: SendOptions = {}): Promise<boolean> {
      const pathname = request.url.split('?')[0]!;
      const page = MEMBER_PAGES[pathname];
      if (!page) return false;
      const drawnSeeds = { ...seedsOf(request, reply, pathname), ...seeds };
      const cookie = request.headers.cookie;
      const answers: Record<string, unknown> = {};
      if (cookie) {
        const headers = { ...forwardedHeaders(request), cookie, 'user-agent': request.headers['user-agent'] ?? '' };
        const read = (url: string) => app.inject({ method: 'GET', url, headers: { ...headers, accept: 'application/json' } });
        const template = drawnTemplates.get(pathname);
        const profile = template ? await read(PROFILE_URL) : undefined;
        const account = signedInAs(profile);
        // As the page's guard does in the browser (ProtectedRoute), which cannot send anyone on from the server's drawing.
        const form = drawnFormAt(pathname);
        if (form && FORM_DEFINITIONS[form].access === 'activated' && account?.role === 'member' && account.status !== true) {
          await reply.redirect(FEES_PAGE, 302);
          return true;
        }
        if (template && account?.role === 'member' && (await sendDrawn(request, reply, template, headers, profile!, { seeds: drawnSeeds, status })))
          return true;
        const injected = await Promise.all(page.data.map(async (url) => ({ url, answer: url === PROFILE_URL && profile ? profile : await read(url) })));
        // A member's page: staff are sent on to the console by the browser, with nothing to read here.
        if ((profile ? account : signedInAs(injected.find(({ url }) => url === PROFILE_URL)?.answer))?.role === 'member') {
          for (const { url, answer } of injected) if (answer.statusCode === 200) answers[url] = answer.json();
        }
      }
      const data = Object.keys(answers).length > 0 ? `<script type="application/json" id="${MEMBER_DATA_ID}">${jsonBlock(answers)}</script>\n  ` : '';
      const html = shell.replace('</head>', `${preloads.get(pathname) ?? ''}</head>`).replace('</body>', `${data}</body>`);
      // The member's own answers: kept by no cache, and by the browser only for this visit.
      void reply
        .status(status)
        .header('Cache-Control', data ? 'private, no-store' : 'no-cache')
        .header('Vary', 'Cookie')
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(html);
      return true;
    },
  };
}

interface SendOptions {
  seeds?: DrawnSeeds;
  status?: number;
}

const DASHBOARD = '/profile';
/**
 * Set by a form's plain post once it is taken (form-posts.ts), for the dashboard it is sent on to,
 * which says so once: the form's kind, read by this page alone and cleared as it is read.
 */
export const FORM_SENT_COOKIE = 'form-sent';

/** Who is signed in: the call every member page makes first. */
const PROFILE_URL = '/api/users/profile';

/** The member form drawn on the server at this address, if any. */
const drawnFormAt = (pathname: string) => FORMS_DRAWN.find((kind) => FORM_DEFINITIONS[kind].page === pathname);

/** Where the page's guard sends a member whose account is not activated yet from a form for activated members. */
const FEES_PAGE = '/user/fees';

/** Who the profile answer says is signed in (a member or staff, and whether activated); nobody when it is not a 200. */
function signedInAs(profile: LightMyRequestResponse | undefined): { role?: string; status?: boolean } | undefined {
  if (profile?.statusCode !== 200) return undefined;
  return (profile.json() as { user?: { role?: string; status?: boolean } }).user;
}

/**
 * The address the member reached, so an answer that names it (the card's check link) names the
 * page's own origin, not the in-process call's: the host, and what a trusted proxy said of it.
 */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const names = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for'] as const;
  return Object.fromEntries(names.flatMap((name) => (typeof request.headers[name] === 'string' ? [[name, request.headers[name]]] : [])));
}
