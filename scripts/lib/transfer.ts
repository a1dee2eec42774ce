import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { cameraPhoto } from './camera-photo.js';
import { type Goals, pageProblem } from './goals.js';
import { activatedMemberClient, onPortalOfItsOwn } from './portal-process.js';

/** Bytes a phone receives for the landing page and sends for a form with photos, in a real Chromium. */

export const FIRST_VISIT_GOAL_KB = 150;
export const REPEAT_VISIT_GOAL_KB = 15;
export const UPLOAD_GOAL_KB = 2048;

interface Received {
  /** Response bytes over the network (headers and body as sent, compressed), API answers apart. */
  static: number;
  api: number;
  requests: number;
}

/**
 * Counts what the network carried to the browser context, the service worker's own fetches
 * included (Playwright reports those on the context too); an answer the service worker gave
 * from its cache carries no bytes.
 */
function countReceived(context: BrowserContext): { take: () => Promise<Received> } {
  let pending: Promise<void>[] = [];
  let received: Received = { static: 0, api: 0, requests: 0 };
  context.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return;
        const sizes = await request.sizes();
        // Chromium leaves the body size out for the service worker's own script: its headers
        // came over the network (a cached answer reports none), so its Content-Length stands in.
        const unreportedBody = sizes.responseHeadersSize > 0 && sizes.responseBodySize === 0 ? Number((await response.headerValue('content-length')) ?? 0) : 0;
        const bytes = sizes.responseHeadersSize + sizes.responseBodySize + unreportedBody;
        if (bytes > 0) received.requests += 1;
        if (new URL(request.url()).pathname.startsWith('/api/')) received.api += bytes;
        else received.static += bytes;
      })(),
    );
  });
  return {
    async take() {
      await Promise.all(pending);
      const result = received;
      received = { static: 0, api: 0, requests: 0 };
      pending = [];
      return result;
    },
  };
}

/**
 * Loads the landing as a visitor opening it, then lets a service worker (when there is one) finish
 * installing; answers why the visit measured nothing, or null when the page loaded (200, at /,
 * its tagline shown): a failed page carries fewer bytes and would pass.
 */
async function visitLanding(page: Page, baseUrl: string): Promise<string | null> {
  const response = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  const problem = pageProblem('/', page.url(), response?.status());
  if (problem) return problem;
  if (!(await page.locator('.hero__tagline').isVisible())) return '/ loaded without its tagline';
  await page.evaluate(async () => {
    if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return;
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
  });
  await page.waitForLoadState('networkidle');
  return null;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Fills the event form and sends it with three 4 MB camera photos; the bytes of the request's body. */
async function eventFormUploadBytes(page: Page, baseUrl: string): Promise<{ bytes: number; status: number }> {
  const photos = await Promise.all(
    [0, 1, 2].map(async (shade) => {
      const file = path.join(tmpdir(), `bench-camera-${process.pid}-${shade}.jpg`);
      writeFileSync(file, await cameraPhoto(shade));
      return file;
    }),
  );
  await page.goto(`${baseUrl}/eventform`, { waitUntil: 'networkidle' });
  await page.locator('[name="surname"]').fill('Adeyemi');
  await page.locator('[name="firstName"]').fill('Ngozi');
  await page.locator('[name="registrationNumber"]').fill('REG-2024-117');
  await page.locator('[name="companyId"]').fill('HMM-0042');
  await page.locator('[name="selectedEvent"]').selectOption({ index: 1 });
  await page.locator('[name="amountPaid"]').fill('15000');
  await page.locator('[name="paymentDate"]').fill('2024-11-02');
  for (const [index, field] of ['tellerImage', 'passportImage', 'signatureImage'].entries())
    await page.locator(`[name="${field}"]`).setInputFiles(photos[index]!);
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/api/users/eventform'), { timeout: 120_000 }),
    page.locator('form').getByRole('button', { name: 'Submit' }).click(),
  ]);
  const response = await request.response();
  // Chromium reports no body size for a multipart body holding files; the header carries it.
  const bytes = Number((await request.headerValue('content-length')) ?? 0);
  return { bytes, status: response?.status() ?? 0 };
}

/** Session cookies of a signed-in API client, for the browser. */
function cookiesOf(cookieHeader: string, baseUrl: string) {
  return cookieHeader
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), domain: new URL(baseUrl).hostname, path: '/', secure: name!.startsWith('__Host-') };
    });
}

/** `npm run bench -- --only transfer`: a first and a repeat visit to /, and the event form with three camera photos. */
export async function measureTransfer(goals: Goals, browserOptions: { executablePath: string; args: string[] }): Promise<void> {
  await onPortalOfItsOwn(async (portal, databaseUrl) => {
    const browser = await chromium.launch(browserOptions);
    try {
      const context = await browser.newContext();
      const counter = countReceived(context);
      const page = await context.newPage();
      const firstProblem = await visitLanding(page, portal.baseUrl);
      const first = await counter.take();
      const repeatProblem = await visitLanding(page, portal.baseUrl);
      const repeat = await counter.take();
      console.log(`\nBytes received for / (headers and compressed bodies; API JSON apart):`);
      console.log(`- first visit: ${kb(first.static)} in ${first.requests} responses, API JSON ${kb(first.api)}`);
      console.log(`- repeat visit: ${kb(repeat.static)} in ${repeat.requests} responses, API JSON ${kb(repeat.api)}`);
      const firstGoal = `first visit to / at most ${FIRST_VISIT_GOAL_KB} KB (API JSON apart)`;
      if (firstProblem) goals.cannotMeasure(firstGoal, firstProblem);
      else goals.check(firstGoal, kb(first.static), first.static <= FIRST_VISIT_GOAL_KB * 1024);
      const repeatGoal = `repeat visit to / at most ${REPEAT_VISIT_GOAL_KB} KB (API JSON apart)`;
      if (repeatProblem) goals.cannotMeasure(repeatGoal, repeatProblem);
      else goals.check(repeatGoal, kb(repeat.static), repeat.static <= REPEAT_VISIT_GOAL_KB * 1024);

      const member = await activatedMemberClient(portal.baseUrl, databaseUrl);
      const memberContext = await browser.newContext();
      await memberContext.addCookies(cookiesOf(member.cookieHeader, portal.baseUrl));
      const upload = await eventFormUploadBytes(await memberContext.newPage(), portal.baseUrl);
      console.log(`- event form with three 4 MB camera photos: ${kb(upload.bytes)} sent, answered ${upload.status}`);
      const uploadGoal = `event form with three 4 MB camera photos sends at most ${UPLOAD_GOAL_KB / 1024} MB`;
      if (upload.status >= 400 || upload.status === 0 || upload.bytes === 0)
        goals.cannotMeasure(uploadGoal, `the form was answered ${upload.status}, its body's size not known`);
      else goals.check(uploadGoal, kb(upload.bytes), upload.bytes <= UPLOAD_GOAL_KB * 1024);
    } finally {
      await browser.close();
    }
  });
}
