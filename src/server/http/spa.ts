import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other page
 * path (history fallback, so React Router shows its own 404), and JSON 404s under /api.
 */
export async function registerSpa(app: FastifyInstance, root: string): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  // The page shell (under 1 KB) is the same for every page path: read once, sent from memory.
  const shell = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  if (shell) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => sendIndex(reply));
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve the pages');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (shell && isPage) return sendIndex(reply);
    return reply.status(404).send({ message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });

  function sendIndex(reply: FastifyReply) {
    return reply.header('Cache-Control', 'no-cache').header('Content-Type', 'text/html; charset=utf-8').send(shell);
  }
}
