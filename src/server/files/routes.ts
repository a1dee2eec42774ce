import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { findReadableFile } from './files-service.js';

export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/files/:id', { schema: { params: z.object({ id: z.uuid({ error: 'File not found' }) }) } }, async (request, reply) => {
      const file = await findReadableFile(ctx, request.params.id, request.user);
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Disposition', `inline; filename="${file.id}"`)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(ctx.storage.read(file.storageKey));
    });
  };
}
