import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { pageQuery } from '../../shared/public-pages.js';
import type { PageRenderer } from '../../shared/rendered-page.js';
import type { InlineStylesheet } from './inline-stylesheet.js';
import { type EncodedPage, encodedPage, encodingFor } from './html-encoding.js';
import { drawPage } from './page-renderer.js';
import { pageDocument, pageTemplate } from './page-document.js';

/** How long a drawn page is sent again as it is; any change made through this process drops them all at once. */
export const DRAWN_PAGE_TTL_MS = 10_000;
const KEPT_PAGES = 500;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A drawn page ready to send, with its ETag: compressed fast when drawn, well once asked for again. */
interface SendablePage {
  status: number;
  etag: string;
  bodies: EncodedPage;
  compressedWell?: Promise<void>;
}

/** The plain shell, for a page the browser draws (a member page). */
const SHELL = 'shell';

/**
 * The public pages drawn on the server (docs/decisions/015): each kept for a few seconds per
 * page (its path and the query parameters it reads, shared/public-pages.ts) and origin, so a
 * burst of visitors costs one drawing, with an ETag. The pages are the same for every visitor
 * (nobody is signed in in them). Drawing is what costs: one address may cause `drawsPerMinute`
 * drawings a minute; past that it gets the page shell, which its browser draws (refusing would
 * also refuse the many people a mobile network puts behind one address).
 */
export function servedPages(
  app: FastifyInstance,
  options: { indexHtml: string; stylesheet: InlineStylesheet | undefined; renderer: PageRenderer; publicUrl: string | undefined; drawsPerMinute: number },
) {
  const template = pageTemplate(options.indexHtml, options.stylesheet);
  // A change bumps the generation: pages drawn before it are no longer found (and age out), while
  // a drawing still in flight is kept under the old generation, never served as the new.
  let generation = 0;
  app.addHook('onResponse', async (request, reply) => {
    if (UNSAFE.has(request.method) && reply.statusCode < 400) generation++;
  });

  const kept = new LRUCache<string, SendablePage | typeof SHELL, { origin: string; url: string }>({
    max: KEPT_PAGES,
    ttl: DRAWN_PAGE_TTL_MS,
    fetchMethod: async (_key, _stale, { context }) => {
      const page = await drawPage(app, options.renderer, context.url);
      if (!page) return SHELL;
      const html = Buffer.from(pageDocument(template, page, context.origin, new URL(context.url, context.origin).pathname));
      return { status: page.status, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`, bodies: await encodedPage(html, 'fast') };
    },
  });
  const drawingAllowed = app.createRateLimit({ max: options.drawsPerMinute, timeWindow: 60_000, keyGenerator: (request) => `page-draws|${request.ip}` });

  /** The page kept for this request, drawn now if none is and the address may cause a drawing; undefined when it may not. */
  async function keptPage(request: FastifyRequest, origin: string) {
    const { pathname, searchParams } = new URL(request.url, origin);
    const query = pageQuery(pathname, searchParams);
    const url = query ? `${pathname}?${query}` : pathname;
    const key = `${generation} ${origin} ${url}`;
    const wasKept = kept.has(key);
    if (!wasKept) {
      const limit = await drawingAllowed(request);
      if (!limit.isAllowed && limit.isExceeded) return undefined;
    }
    const page = await kept.fetch(key, { context: { origin, url } });
    if (wasKept && page && page !== SHELL) compressWell(page);
    return page;
  }

  function compressWell(page: SendablePage): void {
    page.compressedWell ??= encodedPage(page.bodies.identity, 'well').then(
      (bodies) => {
        page.bodies = bodies;
      },
      (error: unknown) => app.log.warn({ err: error }, 'could not compress a kept page'),
    );
  }

  return {
    /** Sends the drawn page for this request; false when it is a member page (send the shell). */
    async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const origin = (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
      const page = await keptPage(request, origin);
      if (!page || page === SHELL) return false;
      reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === page.etag) {
        await reply.status(304).send();
        return true;
      }
      const encoding = encodingFor(request);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      await reply.status(page.status).header('Content-Type', 'text/html; charset=utf-8').send(page.bodies[encoding]);
      return true;
    },
  };
}
