import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { cameraPhoto } from '../../scripts/lib/camera-photo';
import { expect, journeyBudget, newMember, test } from './fixtures';
import { signUpThroughForm, takenOverByReact, unexpectedErrors, watchConsole } from './helpers';

const MAX_PHOTO_BYTES = 600 * 1024;

/** Keeps the last multipart body the page sends (the request's own copy does not carry file parts). */
async function keepSentForms(page: Page) {
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args: Parameters<typeof send>) {
      if (args[0] instanceof FormData) Object.assign(window, { sentForm: args[0] });
      return send.apply(this, args);
    };
  });
}

/** The bytes of one file of the kept body, for the test to read as a server would. */
async function sentFile(page: Page, field: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (name) => {
    const file = (window as unknown as { sentForm: FormData }).sentForm.get(name) as File;
    return Array.from(new Uint8Array(await file.arrayBuffer()));
  }, field);
  return Buffer.from(bytes);
}

async function fillEventForm(page: Page) {
  await page.locator('[name="surname"]').fill('Adeyemi');
  await page.locator('[name="firstName"]').fill('Ngozi');
  await page.locator('[name="registrationNumber"]').fill('REG-2024-117');
  await page.locator('[name="companyId"]').fill('HMM-0042');
  await page.locator('[name="selectedEvent"]').selectOption({ label: 'Orphanage visitation' });
  await page.locator('[name="amountPaid"]').fill('15000');
  await page.locator('[name="paymentDate"]').fill('2024-11-02');
}

test('three 4 MB camera photos go up small and upright with the event form', async ({ page }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await keepSentForms(page);
  await signUpThroughForm(page, newMember());
  await page.goto('/eventform');
  await fillEventForm(page);
  const fields = ['tellerImage', 'passportImage', 'signatureImage'];
  for (const [shade, field] of fields.entries()) {
    const photo = await cameraPhoto(shade);
    expect(photo.length).toBeGreaterThan(3.5 * 1024 * 1024);
    await page.locator(`[name="${field}"]`).setInputFiles({ name: `IMG_00${shade}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  }
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/api/users/eventform')),
    page.locator('form').getByRole('button', { name: 'Submit' }).click(),
    // Shrinking takes seconds on a cheap phone: the page says so, photo by photo (issue 31).
    expect(page.getByRole('status').filter({ hasText: /^Preparing photos [1-3] of 3\.\.\.$/ })).toBeVisible(),
  ]);
  expect(Number(await request.headerValue('content-length'))).toBeLessThanOrEqual(3 * MAX_PHOTO_BYTES);
  // The toast goes after a few seconds: looked for before the slow reading of the sent photos.
  await expect(page.getByText('Form submitted successfully!').first()).toBeVisible();
  for (const field of fields) {
    const bytes = await sentFile(page, field);
    expect(bytes.length, `${field} is at most 600 KB`).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    // Taken sideways with EXIF orientation 6: it arrives turned upright, 1600 px on its longest side.
    const { width, height, orientation } = await sharp(bytes).metadata();
    expect({ width, height, orientation }, field).toEqual({ width: 1200, height: 1600, orientation: undefined });
  }
  expect(unexpectedErrors(errors)).toEqual([]);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the site starts offline from the kept shell and says what it cannot show; API answers are never kept', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByText('Come lets do business.')).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // The landing is read without its code, which (and the worker it installs) starts at the visitor's first use.
    await page.mouse.move(20, 20);
    // Installed and in charge of the page (it claims the page it was installed from).
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated' && navigator.serviceWorker.controller !== null);
    // The files the first visit loaded before the worker started are handed to it; wait until it keeps them.
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('assets')).keys()).length)).toBeGreaterThan(3);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Come lets do business.')).toBeVisible();

    // A page never opened online has neither its file nor its data: the offline page, not an error.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);

    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(kept).toContain('/index.html');
    expect(kept.filter((url) => url.startsWith('/api/'))).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Our services' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  });
});

test('a page whose file is gone after a deploy reloads once and then shows', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Come lets do business.')).toBeVisible();
  // The old build's file is gone once: the reload brings the build that has it.
  let refused = 0;
  await page.route(/\/assets\/services-page-[^/]+\.js$/, (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) loads.push(new URL(request.url()).pathname);
  });
  // A navigation within the app: a tap before the code has taken the page over (a slow start on a
  // busy machine) is the browser's own and fetches the new page whole.
  const services = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' });
  await takenOverByReact(services);
  await services.click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { name: 'Our services' })).toBeVisible();
  expect(loads).toEqual(['/services']);
});
