import type { FastifyRequest } from 'fastify';

/** A calendar feed's address is its secret (`/api/calendar/<member>.<signature>.ics`): whoever reads it has the member's calendar. */
const CALENDAR_FEED = /^(\/api\/calendar\/)[^/]+/;

/**
 * What the logs may say about a request: staff searches carry members' names, emails and phone
 * numbers in their query strings, so a console call is logged without its query; a card's check
 * code (`/verify/HM-000123?code=…`, its API and photo) would let a reader of the logs show anyone's
 * card as checked, so a `code` in any query is logged as `[redacted]`, as is a calendar feed's
 * address.
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).replace(CALENDAR_FEED, '$1[redacted]');
  if (query === -1) return path;
  if (path.startsWith('/api/admin/')) return `${path}?[redacted]`;
  return path + url.slice(query).replace(/([?&]code=)[^&#]*/gi, '$1[redacted]');
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
