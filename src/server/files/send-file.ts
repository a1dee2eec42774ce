import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import type { FileRow } from './files-service.js';

/**
 * Streams a stored file, with its length, with the headers every download gets: its detected type, inline, no
 * sniffing. `cache` says who may keep a copy: private (the owner and staff), public (running ads,
 * published talent photos) or none (payment slips).
 */
export async function sendStoredFile(ctx: AppContext, reply: FastifyReply, file: Pick<FileRow, 'mimeType' | 'storageKey'>, cache: 'private' | 'public' | 'none') {
  const { stream, size } = await ctx.storage.open(file.storageKey);
  const cacheControl = { private: 'private, max-age=3600', public: 'public, max-age=300', none: 'private, no-store' }[cache];
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', 'inline')
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', size)
    .send(stream);
}
