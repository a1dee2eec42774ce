import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createRoutesFromElements, matchPath, matchRoutes, StaticRouter } from 'react-router';
import { MEMBER_PAGES } from '../shared/member-pages';
import { PUBLIC_PAGES } from '../shared/public-pages';
import type { DrawnSeeds, RenderedPage } from '../shared/rendered-page';
import { pageHead } from './app/page-head';
import { Providers } from './app/providers';
import { AppRoutes, appRoutes } from './app/router';
import { ApiError } from './lib/api';
import { serverErrorOf } from './lib/page-data';
import { seedDrawing } from './lib/drawn-seeds';
import { sessionQuery } from './lib/session';

/**
 * The server's way into the web app (built with `vite build --ssr` to dist/ssr/): draws a public
 * page (shared/public-pages.ts) with its data as a visitor who is not signed in, for the server to
 * send before any script runs; an unknown path is drawn too, as the not-found page with status
 * 404. With `forMember`, a member page drawn on the server (shared/member-pages.ts) for the member
 * whose cookie the server's calls carry, with `seeds`, what the server knows of it beyond its calls. Every other page is drawn by the browser. The server
 * loads it once (src/server/pages/).
 */
export { sendRequestsThrough } from './lib/api';

const routes = createRoutesFromElements(appRoutes);
/** Drawing finds the queries a page asks for; their answers may reveal more (at most this many rounds). */
const MAX_PASSES = 3;

export async function renderPage(
  url: string,
  { forMember = false, seeds = {} }: { forMember?: boolean; seeds?: DrawnSeeds } = {},
): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://portal.invalid');
  const unknown = !forMember && matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
  const drawnHere = forMember ? MEMBER_PAGES[pathname]?.drawnOnServer : unknown || PUBLIC_PAGES.some((page) => matchPath(page, pathname));
  if (!drawnHere) return null;

  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Who is signed in first: the page's guard draws nothing of the page until it knows.
  if (forMember) await client.prefetchQuery(sessionQuery);
  seedDrawing(client, seeds);
  let html = await draw(url, client, forMember);
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const waiting = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'pending' && isEnabled(query) });
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })));
    html = await draw(url, client, forMember);
  }

  const queries = client.getQueryCache().getAll();
  // A record that is not there, or an address that cannot name one (the portal refuses it with 400).
  // A member page's section that finds nothing (no booking requests) is part of the page.
  const missing = unknown || (!forMember && queries.some((query) => query.state.error instanceof ApiError && [400, 404].includes(query.state.error.status)));
  const data = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  for (const query of data.queries) {
    if (query.state.error) query.state.error = serverErrorOf(query.state.error) as unknown as Error;
    query.state.fetchFailureReason = null;
  }
  return { status: missing ? 404 : 200, html, head: pageHead(pathname, client), data, signedIn: forMember };
}

async function draw(url: string, client: QueryClient, forMember: boolean): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client} drawn forMember={forMember}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    // No part of the page is moved to the end to be put in place by an inline script (the
    // content security policy allows none): everything is sent where it belongs.
    { onError: (error) => void (failure ??= error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // A part that cannot be drawn here must not be sent half-drawn: the server sends the plain shell.
  if (failure) throw failure;
  return new Response(prelude).text();
}

/** A query the page asks for now; a disabled one (the signed-in member's counts, say) waits for the browser. */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}
