import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Draws a page on the server when it knows the address; false leaves the request to the shell. */
export interface PageDrawer {
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Serves the built web app: hashed assets cached for a year; the public pages, and the not-found
 * page for an unknown path (status 404), drawn on the server when the renderer is built; index.html
 * for every other page path (the member pages the browser draws); JSON 404s under /api.
 */
export async function registerSpa(
  app: FastifyInstance,
  root: string,
  /** Given the built page shell, what draws pages on the server (the public pages, a member's pages), asked in order; none, every page is the shell. */
  drawPages: ((indexHtml: string) => PageDrawer)[],
): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  // The page shell (under 1 KB) is the same for every page path: read once, sent from memory.
  const shell = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  const drawers = shell ? drawPages.map((draw) => draw(shell.toString())) : [];
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
    for (const drawer of drawers) if (await drawer.send(request, reply)) return reply;
    return sendIndex(reply);
  }

  function sendIndex(reply: FastifyReply) {
    return reply.header('Cache-Control', 'no-cache').header('Content-Type', 'text/html; charset=utf-8').send(shell);
  }
}
