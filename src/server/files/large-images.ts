import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a photo above LARGE_IMAGE_PIXELS against its sender (registerLargeImageLimit); 429 past the limit. */
    allowLargeImage(request: FastifyRequest, label: string): Promise<void>;
  }
}

/** More than the 12 megapixels a phone usually saves: a photo this large takes seconds to decode. */
export const LARGE_IMAGE_PIXELS = 16_000_000;
const HOUR = 60 * 60 * 1000;

/**
 * Few bytes can declare tens of megapixels (one colour compresses to almost nothing), so the bytes
 * limit does not bound the work of decoding. Each account, and each address, may send `perHour`
 * photos above LARGE_IMAGE_PIXELS an hour; smaller ones are not counted. Checked from the image's
 * header, before any decoding.
 */
export function registerLargeImageLimit(app: FastifyInstance, perHour: number): void {
  const byAddress = app.createRateLimit({ max: perHour, timeWindow: HOUR, keyGenerator: (request) => `large-images|address|${request.ip}` });
  const byAccount = app.createRateLimit({
    max: perHour,
    timeWindow: HOUR,
    keyGenerator: (request) => `large-images|account|${request.user?.id ?? request.ip}`,
  });
  app.decorate('allowLargeImage', async (request: FastifyRequest, label: string) => {
    const [address, account] = await Promise.all([byAddress(request), byAccount(request)]);
    if ([address, account].some((limit) => !limit.isAllowed && limit.isExceeded)) {
      throw new HttpError(
        429,
        `${label} is a very large photo (over ${LARGE_IMAGE_PIXELS / 1_000_000} megapixels), and too many were sent in the last hour. Send a smaller photo, or try again in an hour.`,
      );
    }
  });
}
