import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer, RenderedPage } from '../../shared/rendered-page.js';

/** The portal a page is being drawn for: its pages' API calls are answered by it, in process. */
const drawingFor = new AsyncLocalStorage<FastifyInstance>();

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
  return drawingFor.run(app, () => renderer.renderPage(url));
}

async function answerInProcess(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const app = drawingFor.getStore();
  if (!app) throw new Error('A page asked for data outside drawPage()');
  const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
  if ((init?.method ?? 'GET') !== 'GET') throw new Error(`A page drawn on the server may only read: ${init?.method} ${url}`);
  const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  return new Response(answer.payload, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') } });
}
