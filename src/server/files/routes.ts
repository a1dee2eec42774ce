import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { findReadableFile } from './files-service.js';
import { sendStoredFile } from './send-file.js';

export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/files/:id', { schema: { params: z.object({ id: z.uuid({ error: 'File not found' }) }) } }, async (request, reply) => {
      const file = await findReadableFile(ctx, request.params.id, request.user);
      return sendStoredFile(ctx, reply, file, 'private');
    });
  };
}
