import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import escapeHtml from 'escape-html';
import { FORM_DEFINITIONS } from '../../shared/form-definitions.js';
import { PRIVATE_PAGE_PREFIXES, PUBLIC_PAGES } from '../../shared/public-pages.js';
import type { AppContext } from '../context.js';
import { listedProfiles } from '../talent/directory-service.js';

/** /sitemap.xml (the public pages and every listed talent profile) and /robots.txt, with absolute addresses. */
export function pagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const originOf = (request: { protocol: string; host: string }) => (ctx.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

    app.get('/sitemap.xml', async (request, reply) => {
      const origin = originOf(request);
      const pages = PUBLIC_PAGES.filter((page) => !page.includes(':')).map((page) => ({ loc: `${origin}${page}` }));
      const profiles = (await listedProfiles(ctx)).map((profile) => ({ loc: `${origin}/talent/${profile.id}`, lastmod: profile.updatedAt.toISOString() }));
      const urls = [...pages, ...profiles].map(
        (entry) => `  <url><loc>${escapeHtml(entry.loc)}</loc>${'lastmod' in entry ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      );
      const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join(
        '\n',
      );
      return reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(xml);
    });

    app.get('/robots.txt', async (request, reply) => {
      const formPages = Object.values(FORM_DEFINITIONS).map((form) => form.page);
      const lines = [
        'User-agent: *',
        ...[...PRIVATE_PAGE_PREFIXES, ...formPages].map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${originOf(request)}/sitemap.xml`,
        '',
      ];
      return reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
    });
  };
}
