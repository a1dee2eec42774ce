import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { PageRenderer } from '../../shared/rendered-page.js';
import type { InlineStylesheet } from './inline-stylesheet.js';
import { drawPage } from './page-renderer.js';
import { pageDocument, pageTemplate } from './page-document.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** How long a drawn page is sent again as it is; any change made through this process drops them all at once. */
export const DRAWN_PAGE_TTL_MS = 10_000;
const KEPT_PAGES = 500;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A drawn page ready to send: compressed once, with its ETag. */
interface SendablePage {
  status: number;
  etag: string;
  bodies: Record<'br' | 'gzip' | 'identity', Buffer>;
}

/** The plain shell, for a page the browser draws (a member page). */
const SHELL = 'shell';

/**
 * The public pages drawn on the server (docs/decisions/015): each kept for a few seconds per
 * address and origin, so a burst of visitors costs one drawing, with an ETag and compressed once.
 * The pages are the same for every visitor (nobody is signed in in them).
 */
export function servedPages(
  app: FastifyInstance,
  options: { indexHtml: string; stylesheet: InlineStylesheet | undefined; renderer: PageRenderer; publicUrl: string | undefined },
) {
  const template = pageTemplate(options.indexHtml, options.stylesheet);
  const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });
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
      const [br, gz] = await Promise.all([brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzipped(html, { level: 9 })]);
      return { status: page.status, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`, bodies: { br, gzip: gz, identity: html } };
    },
  });

  return {
    /** Sends the drawn page for this request; false when it is a member page (send the shell). */
    async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const origin = (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
      const page = await kept.fetch(`${generation} ${origin} ${request.url}`, { context: { origin, url: request.url } });
      if (!page || page === SHELL) return false;
      reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === page.etag) {
        await reply.status(304).send();
        return true;
      }
      const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity';
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      await reply.status(page.status).header('Content-Type', 'text/html; charset=utf-8').send(page.bodies[encoding]);
      return true;
    },
  };
}
