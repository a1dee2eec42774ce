import { expect, journeyBudget, newMember, test } from './fixtures';
import { activatedMember, signUpThroughForm, unexpectedErrors, watchConsole } from './helpers';

/**
 * Issue 31: a member page arrives with the member's data (server/pages/member-pages.ts), so it
 * shows without asking the server again; each call is a round trip of 400 ms on a slow phone.
 */
test('the dashboard and a form page show without one API call from the page', async ({ page, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await activatedMember(page, mailbox);
  await expect(page.locator('.dashboard__name')).toBeVisible();

  for (const [path, shown] of [
    ['/profile', page.locator('.dashboard__name')],
    ['/scriptprintingform', page.getByRole('button', { name: /submit/i })],
  ] as const) {
    const calls: string[] = [];
    const listener = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
    };
    page.on('request', listener);
    await page.goto(path);
    await expect(shown).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    // And once its code has taken the page over.
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    expect(calls, `${path} asked the server for what its HTML could carry`).toEqual([]);
  }
  // Read once: the block is gone from the page, so a later read goes to the server.
  await expect(page.locator('#member-data')).toHaveCount(0);
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('a member who has not paid yet sees the dashboard with the next step from the page data', async ({ page }) => {
  test.setTimeout(journeyBudget(60_000));
  await signUpThroughForm(page, newMember());
  await page.goto('/profile');
  await expect(page.locator('.dashboard__name')).toBeVisible();
  await expect(page.locator('.dashboard__next')).not.toBeEmpty();
});

test('the dashboard is drawn by the server: it reads without the code, and the code takes it over on a phone without a mismatch', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(journeyBudget(90_000));
  const errors = watchConsole(page);
  await activatedMember(page, mailbox);

  const withoutCode = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const drawn = await withoutCode.newPage();
  await drawn.goto('/profile');
  await expect(drawn.locator('.dashboard__name')).toBeVisible();
  await expect(drawn.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(drawn.getByText('Loading...')).toHaveCount(0);
  await withoutCode.close();

  // On a phone the sections fold above the content; once the code runs, the toggle opens them.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/profile');
  await page.waitForLoadState('networkidle');
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  await expect(sections.getByRole('link', { name: 'Overview' })).toBeHidden();
  await sections.getByRole('button', { name: 'Show sections' }).click();
  await expect(sections.getByRole('link', { name: 'Overview' })).toBeVisible();
  expect(unexpectedErrors(errors)).toEqual([]);
});
