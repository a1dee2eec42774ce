import { TALENT_FILTERS } from './talent-options.js';

/**
 * The public pages: the server draws them with their data before any script runs (the web app's
 * entry-server.tsx) and lists them in /sitemap.xml, each profile in place of `/talent/:id`.
 */
export const PUBLIC_PAGES = [
  '/',
  '/services',
  '/contact',
  '/terms-and-conditions',
  '/privacy',
  '/login',
  '/signup',
  '/forgot-password',
  '/talent',
  '/talent/:id',
];

/**
 * Public pages a visitor reads and uses without their code: links, the menu's checkbox, `<details>`
 * and the directory's filters as a plain GET form. Their code starts at the visitor's first touch,
 * key or mouse movement rather than once they are painted (`start-after-paint.js`): a visitor who
 * only reads downloads no code on costly data, and a slow phone's main thread is not held while the
 * page is read (issue 31: Lighthouse's blocking time). A device with a member signed in starts it at
 * once, for the member's menu.
 */
export const PAGES_USED_WITHOUT_CODE: readonly string[] = ['/', '/services', '/terms-and-conditions', '/privacy', '/talent'];

/** Pages for members and staff only, which /robots.txt asks search engines to leave alone (the forms' pages are added there). */
export const PRIVATE_PAGE_PREFIXES = [
  '/admin',
  '/api/',
  '/about',
  '/events',
  '/profile',
  '/editprofile',
  '/user/',
  '/notifications',
  '/verify/',
  '/guardian',
  '/login/2fa',
];

/** Where a sign-in page leads back to: `/login?next=/user/fees`. */
export const RETURN_PARAM = 'next';

/** A staff invitation's link to the password page: the invitee sets a first password, not a new one. */
export const INVITED_PARAM = 'invited';

/** The query parameters each public page reads; any other is ignored by the page. */
const PAGE_QUERY_PARAMS: Record<string, readonly string[]> = {
  '/talent': [...TALENT_FILTERS, 'page'],
  '/login': [RETURN_PARAM],
  '/signup': [RETURN_PARAM],
  '/forgot-password': [RETURN_PARAM, INVITED_PARAM],
};

/**
 * The part of a page's query that the page reads, in one order (by name; repeated values keep
 * theirs): two addresses for the same page give the same text, which the server keeps the drawn
 * page under and the page itself asks its data with.
 */
export function pageQuery(pathname: string, query: URLSearchParams): string {
  const names = PAGE_QUERY_PARAMS[pathname] ?? [];
  const read = new URLSearchParams([...query].filter(([name]) => names.includes(name)));
  read.sort();
  return read.toString();
}
