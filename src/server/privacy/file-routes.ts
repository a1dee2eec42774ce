import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { findReadableFile } from './file-access.js';
import { staffLookQuery } from './staff-look.js';
import { sendStoredFile } from '../files/send-file.js';
import { downloadRoute } from '../http/route-timeouts.js';

export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/files/:id',
      { ...downloadRoute(ctx.config), schema: { params: z.object({ id: z.uuid({ error: 'File not found' }) }), querystring: staffLookQuery } },
      async (request, reply) => {
        const file = await findReadableFile(ctx, request.params.id, request.user, request.query.reason);
        return sendStoredFile(ctx, reply, file, 'private');
      },
    );
  };
}
