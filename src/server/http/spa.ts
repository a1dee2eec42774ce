import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageRenderer } from '../../shared/rendered-page.js';
import type { InlineStylesheet } from '../pages/inline-stylesheet.js';
import { memberPages } from '../pages/member-pages.js';
import { servedPages } from '../pages/served-pages.js';

/**
 * Serves the built web app: hashed assets cached for a year; the public pages, and the not-found
 * page for an unknown path (status 404), drawn on the server when the renderer is built; index.html
 * for every other page path (the member pages the browser draws); JSON 404s under /api.
 */
export async function registerSpa(
  app: FastifyInstance,
  root: string,
  options: { renderer: PageRenderer | undefined; stylesheet: InlineStylesheet | undefined; publicUrl: string | undefined; pageDrawsPerMinute: number },
): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  // The page shell (under 1 KB) is the same for every page path: read once, sent from memory.
  const shell = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  const drawn = shell && options.renderer ? servedPages(app, { indexHtml: shell.toString(), stylesheet: options.stylesheet, renderer: options.renderer, publicUrl: options.publicUrl, drawsPerMinute: options.pageDrawsPerMinute }) : undefined;
  const member = shell ? memberPages(app, { root, shell: shell.toString() }) : undefined;
  if (shell) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // The same for everyone, so public: asked again on each visit, and without a cookie (http/csrf.ts).
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, no-cache');
      },
    });
    app.get('/', (request, reply) => sendPage(request, reply));
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve the pages');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (shell && isPage) return sendPage(request, reply);
    return reply.status(404).send({ message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (drawn && (await drawn.send(request, reply))) return reply;
    if (member && (await member.send(request, reply))) return reply;
    return sendIndex(reply);
  }

  function sendIndex(reply: FastifyReply) {
    return reply.header('Cache-Control', 'no-cache').header('Content-Type', 'text/html; charset=utf-8').send(shell);
  }
}
