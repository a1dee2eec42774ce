import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DrawnSeeds, PageRenderer, RenderedPage } from '../../shared/rendered-page.js';

/**
 * The portal a page is being drawn for: its pages' API calls are answered by it, in process; for
 * a member page, with the member's request headers (cookie, host).
 */
const drawingFor = new AsyncLocalStorage<{ app: FastifyInstance; headers: Record<string, string>; answered?: Map<string, LightMyRequestResponse> }>();

/** The web app's server entry as built (dist/ssr/entry-server.js), or undefined before a build. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/**
 * Draws one page for `app`. The entry's API client is the same module for every portal in the
 * process (tests build several), so each call is sent to the portal drawing at that moment, as a
 * visitor: no cookie, nothing private.
 */
export function drawPage(app: FastifyInstance, renderer: PageRenderer, url: string): Promise<RenderedPage | null> {
  renderer.sendRequestsThrough(answerInProcess);
  return drawingFor.run({ app, headers: {} }, () => renderer.renderPage(url));
}

/**
 * Draws a member page for the member whose request this is: each call the page makes carries
 * `headers` (the request's cookie and host). `answered` holds calls already made for this request
 * (who is signed in), given to the page instead of made again; `seeds`, what the server knows of
 * the page beyond its calls. The page is the member's alone: never kept.
 */
export function drawMemberPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  url: string,
  headers: Record<string, string>,
  answered = new Map<string, LightMyRequestResponse>(),
  seeds: DrawnSeeds = {},
): Promise<RenderedPage | null> {
  renderer.sendRequestsThrough(answerInProcess);
  return drawingFor.run({ app, headers, answered }, () => renderer.renderPage(url, { forMember: true, seeds }));
}

async function answerInProcess(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const drawing = drawingFor.getStore();
  if (!drawing) throw new Error('A page asked for data outside drawPage()');
  const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
  if ((init?.method ?? 'GET') !== 'GET') throw new Error(`A page drawn on the server may only read: ${init?.method} ${url}`);
  const answer = drawing.answered?.get(url) ?? (await drawing.app.inject({ method: 'GET', url, headers: { ...drawing.headers, accept: 'application/json' } }));
  return new Response(answer.payload, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') } });
}
