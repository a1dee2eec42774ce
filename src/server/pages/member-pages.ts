import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEMBER_DATA_ID, MEMBER_PAGES, SHELL_MODULES } from '../../shared/member-pages.js';

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
 * Member pages sent with the member's data (`shared/member-pages.ts`, issue 31): the shell, with
 * preloads of the page's code and, when the request's session is signed in, the answers of the
 * page's first calls, made inside this process (`app.inject`) with the request's own cookie. The
 * answer is the member's alone: `Cache-Control: private, no-store`, never in the shared page
 * cache (`served-pages.ts`, which only keeps public pages). Signed out, or a staff account, the
 * plain shell: the browser's guard sends the visitor on as before.
 */
export function memberPages(app: FastifyInstance, { root, shell }: { root: string; shell: string }) {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  const inShell = new Set([...shell.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!));
  const preloads = new Map<string, string>();
  for (const [page, { module }] of Object.entries(MEMBER_PAGES)) {
    const { scripts, styles } = filesOf(manifest, [module, ...SHELL_MODULES], inShell);
    preloads.set(
      page,
      [
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join(''),
    );
  }

  return {
    /** Sends the page and answers true, or false when it is not a member page this knows. */
    async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const pathname = request.url.split('?')[0]!;
      const page = MEMBER_PAGES[pathname];
      if (!page) return false;
      const cookie = request.headers.cookie;
      const answers: Record<string, unknown> = {};
      if (cookie) {
        const injected = await Promise.all(
          page.data.map(async (url) => {
            const answer = await app.inject({
              method: 'GET',
              url,
              headers: { ...forwardedHeaders(request), cookie, accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
            });
            return { url, answer };
          }),
        );
        const profile = injected.find(({ url }) => url === '/api/users/profile')?.answer;
        // A member's page: staff are sent on to the console by the browser, with nothing to read here.
        const member = profile?.statusCode === 200 && (profile.json() as { user?: { role?: string } }).user?.role === 'member';
        if (member) for (const { url, answer } of injected) if (answer.statusCode === 200) answers[url] = answer.json();
      }
      const data = Object.keys(answers).length > 0 ? `<script type="application/json" id="${MEMBER_DATA_ID}">${jsonBlock(answers)}</script>\n  ` : '';
      const html = shell.replace('</head>', `${preloads.get(pathname) ?? ''}</head>`).replace('</body>', `${data}</body>`);
      // The member's own answers: kept by no cache, and by the browser only for this visit.
      void reply
        .header('Cache-Control', data ? 'private, no-store' : 'no-cache')
        .header('Vary', 'Cookie')
        .header('Content-Type', 'text/html; charset=utf-8')
        .send(html);
      return true;
    },
  };
}

/**
 * The address the member reached, so an answer that names it (the card's check link) names the
 * page's own origin, not the in-process call's: the host, and what a trusted proxy said of it.
 */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const names = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for'] as const;
  return Object.fromEntries(names.flatMap((name) => (typeof request.headers[name] === 'string' ? [[name, request.headers[name]]] : [])));
}
