import type { Page } from '@playwright/test';
import { expect, newMember, test } from './fixtures';
import { signUpThroughForm, takenOverByReact, unexpectedErrors, watchConsole } from './helpers';

const TAGLINE = 'THE HOME OF MOVIES, MODELLING & MUSIC';
const PUBLIC_PAGES = [
  { path: '/', heading: 'Welcome to the Home of Movies, Modelling & Music' },
  { path: '/services', heading: 'Our services' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/terms-and-conditions', heading: 'Terms and conditions' },
  { path: '/login', heading: 'Welcome back' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/talent', heading: 'Find talent' },
];

/** React has taken over the page: a menu link changes the page without loading a new document. */
async function expectHydrated(page: Page): Promise<void> {
  const privacy = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' });
  await takenOverByReact(privacy);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy$/);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test('the public pages arrive drawn: text, layout and styles without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  for (const { path, heading } of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.locator('#main-menu a[href="/talent"]'), path).toBeAttached();
  }
  await page.goto('/');
  await expect(page.getByText(TAGLINE, { exact: true })).toBeVisible();
  // Styled by the stylesheet alone: the hero's dark band, not the browser's default white.
  expect(await page.locator('.hero').evaluate((hero) => getComputedStyle(hero).backgroundImage)).toContain('linear-gradient');
  await context.close();
});

test('the directory’s filters search before the page’s code, as a plain form', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/talent');
  await page.getByLabel('Category').selectOption('model');
  await page.getByRole('group', { name: 'Height (cm)' }).getByLabel('From').fill('170');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/talent\?category=model&.*minHeightCm=170/);
  // The page drawn for that search, its filters as sent.
  await expect(page.getByLabel('Category')).toHaveValue('model');
  await expect(page.getByRole('group', { name: 'Height (cm)' }).getByLabel('From')).toHaveValue('170');
  await context.close();
});

test('an unknown address is a 404 with the not-found page; a member page that needs sign-in is still the app', async ({ page }) => {
  const errors = watchConsole(page);
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  expect((await page.request.get('/talent/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
  const member = await page.goto('/profile');
  expect(member?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login/);
  expect(unexpectedErrors(errors, [401, 404])).toEqual([]);
});

test('hydration takes over each public page without an error, signed out and signed in', async ({ page }) => {
  const errors = watchConsole(page);
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectHydrated(page);
  }
  expect(unexpectedErrors(errors)).toEqual([]);

  // Signed in, the server still sends the signed-out menu; the browser changes it after hydration.
  await signUpThroughForm(page, newMember());
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await expectHydrated(page);
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('a page read without its code loads none until the visitor first uses it; a signed-in member’s device starts it at once', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const entryAsked = () => scripts.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path));
  await page.goto('/');
  await expect(page.getByText(TAGLINE, { exact: true })).toBeVisible();
  // Past the start script's own fallback (a second after it runs): a page painted long ago.
  await page.waitForTimeout(2500);
  expect(scripts).toEqual(['/start-after-paint.js']);
  await page.mouse.move(40, 300);
  await expect.poll(entryAsked).toBe(true);
  await takenOverByReact(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }));

  // A member's device (the signed-in copy the app keeps) starts it with no use: the member's menu needs it.
  await signUpThroughForm(page, newMember());
  scripts.length = 0;
  await page.goto('/terms-and-conditions');
  await expect.poll(entryAsked).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' })).toBeVisible();
});

test('a page taken over loads no more code or styles until the visitor taps or types', async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/terms-and-conditions');
  await takenOverByReact(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }));
  await page.waitForTimeout(4000); // longer than the toast library once waited for
  // The drawn page's styles are all in its head: nothing is added to a painted page while it is read.
  expect(stylesheets).toEqual([]);
  await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).click();
  await expect.poll(() => stylesheets.filter((path) => /\/assets\/toasts-[\w-]+\.css$/.test(path))).toHaveLength(1);
});

test('on a slow phone the landing tagline shows before any script has arrived', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 375, height: 812 });
  const cdp = await page.context().newCDPSession(page);
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Scripts are held back until the tagline has been seen: what shows came in the HTML.
  let releaseScripts = () => {};
  const scriptsMayGo = new Promise<void>((resolve) => (releaseScripts = resolve));
  let scriptsServed = 0;
  await page.route('**/*.js', async (route) => {
    await scriptsMayGo;
    scriptsServed++;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByText(TAGLINE, { exact: true })).toBeVisible();
  const shownAfterMs = await page.evaluate(() => performance.now());
  expect(scriptsServed).toBe(0);
  test.info().annotations.push({ type: 'tagline', description: `visible ${Math.round(shownAfterMs)} ms after navigation (scripts held back)` });
  releaseScripts();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expectHydrated(page);
  expect(unexpectedErrors(errors)).toEqual([]);
});
