import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers with a strict Content-Security-Policy on every page and file, and the
 * API's shorter set on every /api answer (apiHeadersOf). The middleware is built once here
 * (@fastify/helmet rebuilt it, parsing the policy again, on every request), and what it sets is
 * read once.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean; inlineStyleHashes: string[] }): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The pages drawn on the server carry the shell's stylesheet inline, allowed by its hash.
        styleSrc: ["'self'", ...options.inlineStyleHashes],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
        // The service worker (/sw.js) from this origin; `blob:` for the door's QR reader, which
        // qr-scanner runs in a worker made from a Blob of its own code (it has no worker file to
        // point at): without it the worker is refused and the camera decodes nothing. A blob
        // worker can only be made by a script the page already runs, which script-src keeps to
        // this origin.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const pageHeaders = headersSetBy(applyHeaders);
  const apiHeaders = apiHeadersOf(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
}

/**
 * What an /api answer needs, as OWASP's REST security sheet lists it: nothing under /api is a page
 * (JSON, and files sent as downloads or with a sandboxing policy of their own, send-file.ts), so it
 * runs nothing and is framed by no one, and the page's policy of where scripts, styles and images
 * may come from says nothing to it. Helmet's transport, sniffing and resource policies are kept.
 * About half the headers' bytes, on the calls every member page makes (issue 31).
 */
function apiHeadersOf(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['Cross-Origin-Resource-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options'];
  return {
    ...Object.fromEntries(kept.map((name) => [name, pageHeaders[name]!])),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  };
}

/**
 * The headers Helmet's middleware sets, read once: with no nonce or per-request directive they are
 * the same on every answer, so a request sets them from one object instead of running the
 * middleware's dozen parts, each checking and setting its header on the raw response.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: unknown) => void (headers[name] = String(value)), removeHeader: () => undefined };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
