import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A drawn page in each encoding a browser may ask for. */
export type EncodedPage = Record<'br' | 'gzip' | 'identity', Buffer>;

// A page nobody asks for again (one address after another, a member's own page) costs no more than
// it must to send; one that is kept and sent again is worth compressing well, once.
const LEVELS = {
  fast: { br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 1 } },
  well: { br: { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }, gzip: { level: 9 } },
};

export async function encodedPage(html: Buffer, effort: keyof typeof LEVELS): Promise<EncodedPage> {
  const [br, gz] = await Promise.all([brotli(html, LEVELS[effort].br), gzipped(html, LEVELS[effort].gzip)]);
  return { br, gzip: gz, identity: html };
}

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding this request takes best. */
export function encodingFor(request: FastifyRequest): keyof EncodedPage {
  return (encodings.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity') as keyof EncodedPage;
}
