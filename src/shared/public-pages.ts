/**
 * The public pages: the server draws them with their data before any script runs (the web app's
 * entry-server.tsx) and lists them in /sitemap.xml, each profile in place of `/talent/:id`.
 */
export const PUBLIC_PAGES = ['/', '/services', '/contact', '/terms-and-conditions', '/privacy', '/login', '/signup', '/forgot-password', '/talent', '/talent/:id'];

/** Pages for members and staff only, which /robots.txt asks search engines to leave alone (the forms' pages are added there). */
export const PRIVATE_PAGE_PREFIXES = ['/admin', '/api/', '/about', '/events', '/profile', '/editprofile', '/user/', '/notifications', '/verify/', '/guardian', '/login/2fa'];
