import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import type { FileRow } from './files-service.js';

const CACHE_CONTROL = {
  // Nothing of a member's stays in a shared browser's cache after they sign out.
  private: 'private, no-store',
  public: 'public, max-age=300',
};

/**
 * Streams a stored file, with its length, and the headers every download gets: its detected type,
 * no sniffing, and a policy that runs nothing in it. A PDF (which can carry JavaScript) is a
 * download, never opened in the portal's origin. `cache` says who may keep a copy: private (the
 * owner and staff) or public (running ads, published talent photos).
 */
export async function sendStoredFile(ctx: AppContext, reply: FastifyReply, file: Pick<FileRow, 'mimeType' | 'storageKey'>, cache: 'private' | 'public') {
  const { stream, size } = await ctx.storage.open(file.storageKey);
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', file.mimeType === 'application/pdf' ? 'attachment; filename="document.pdf"' : 'inline')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', CACHE_CONTROL[cache])
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', size)
    .send(stream);
}
