import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about a request: staff searches carry members' names, emails and phone
 * numbers in their query strings, so a console call is logged without its query; a card's check
 * code (`/verify/HM-000123?code=…`, its API and photo) would let a reader of the logs show anyone's
 * card as checked, so a `code` in any query is logged as `[redacted]`.
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  if (url.startsWith('/api/admin/')) return `${url.slice(0, query)}?[redacted]`;
  return url.slice(0, query) + url.slice(query).replace(/([?&]code=)[^&#]*/gi, '$1[redacted]');
}

/** An email address as logs show it: enough to tell mails apart, not to write to anyone. */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '[redacted]';
  return `${address[0]}***${address.slice(at)}`;
}

/** Fastify's request serializer with the URL made loggable. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
