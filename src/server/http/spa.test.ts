import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { testConfig } from '../test-support/test-app.js';

let dataDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-spa-'));
  const webRoot = path.join(dataDir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Home of Movies"}');
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), 'export {};');
  database = await openDatabase({ dataDir, inMemory: true });
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, webRoot });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves the service worker fresh on every visit, so a deploy reaches installed apps', async () => {
    const response = await app.inject('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });

  it('sets no cookie on the files that are the same for everyone, and on the plans', async () => {
    for (const url of ['/favicon.svg', '/manifest.webmanifest', '/sw.js', '/assets/index-Ab12Cd34.js', '/api/plans']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    // A page still gives the browser its security token.
    expect(String((await app.inject('/')).headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
  });

  it('serves the web app manifest as one, and lets the page use both', async () => {
    const response = await app.inject('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const policy = String((await app.inject('/')).headers['content-security-policy']);
    expect(policy).toMatch(/worker-src 'self' blob:;/);
    expect(policy).toMatch(/manifest-src 'self'/);
  });

  it('keeps hashed files for a year and answers a page path with the shell', async () => {
    expect((await app.inject('/assets/index-Ab12Cd34.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject('/events');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>shell</title>');
  });
});
