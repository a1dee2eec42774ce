import { expect, journeyBudget, test } from './fixtures';
import { activatedMember, unexpectedErrors, watchConsole } from './helpers';

/**
 * Issue 31, decision 023: a form page is drawn by the server and works before its code has
 * arrived (a slow phone) or if it never does, and what was typed before the code came is kept
 * when the code takes the form over.
 */
test('a member sends the script printing form from a browser without its code, refused first, then taken', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(90_000));
  await activatedMember(page, mailbox);
  const withoutCode = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const form = await withoutCode.newPage();
  await form.setViewportSize({ width: 375, height: 800 });
  await form.goto('/scriptprintingform');
  await expect(form.getByRole('heading', { name: 'Script Printing Form' })).toBeVisible();
  await form.locator('[name="documentType"]').selectOption({ label: 'Posters' });
  await form.locator('[name="quantity"]').fill('0');
  await form.locator('[name="paperSize"]').selectOption({ label: 'A3' });
  await form.getByLabel('Full color').check();
  await form.locator('[name="comments"]').fill('Matte finish please');
  await form.getByRole('button', { name: 'Submit' }).click();

  // Refused: the form comes back with the message at its field and everything typed still there.
  await expect(form).toHaveURL(/\/scriptprintingform$/);
  await expect(form.locator('[name="quantity"]')).toHaveAccessibleDescription(/Quantity must be at least 1/);
  await expect(form.locator('[name="comments"]')).toHaveValue('Matte finish please');
  await expect(form.locator('[name="documentType"]')).toHaveValue('posters');
  await expect(form.getByLabel('Full color')).toBeChecked();
  await form.screenshot({ path: test.info().outputPath('refused-375.png'), fullPage: true });

  await form.locator('[name="quantity"]').fill('250');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toHaveURL(/\/profile$/);
  await expect(form.getByRole('status').filter({ hasText: 'Form submitted successfully!' })).toBeVisible();
  await expect(form.locator('#submissions').getByText('Script Printing')).toBeVisible();
  await form.screenshot({ path: test.info().outputPath('taken-375.png') });
  // Said once: the dashboard drawn again has no such word.
  await form.reload();
  await expect(form.getByText('Form submitted successfully!')).toHaveCount(0);
  await withoutCode.close();
});

test('a member books a premiere seat without the code, the showtimes offered before a film is chosen', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(90_000));
  await activatedMember(page, mailbox);
  const withoutCode = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const form = await withoutCode.newPage();
  await form.goto('/moviepremiereform');
  await expect(form.getByRole('heading', { name: 'Movie Premiere Registration' })).toBeVisible();
  const movie = (await form.locator('[name="movie"] option:not([value=""])').first().getAttribute('value'))!;
  await form.locator('[name="movie"]').selectOption(movie);
  await expect(form.locator('[name="showtime"]')).toBeEnabled();
  await form.locator('[name="showtime"]').selectOption({ label: '7:00 PM' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toHaveURL(/\/profile$/);
  await expect(form.getByRole('status').filter({ hasText: 'Form submitted successfully!' })).toBeVisible();
  await withoutCode.close();
});

test('what a member types before the code arrives is kept when the code takes the form over', async ({ page, mailbox }) => {
  test.setTimeout(journeyBudget(90_000));
  const errors = watchConsole(page);
  await activatedMember(page, mailbox);

  // The page's code is held back until the member has typed, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/scriptprintingform', { waitUntil: 'commit' });
  await page.locator('[name="comments"]').fill('Typed before the code');
  await page.locator('[name="paperSize"]').selectOption({ label: 'A3' });
  await page.getByLabel('Black & white').check();
  release();
  await page.waitForLoadState('networkidle');

  // Taken over: the page's own checks answer on leaving a field (a plain form would not).
  await page.locator('[name="quantity"]').fill('0');
  await page.locator('[name="comments"]').focus();
  await expect(page.locator('[name="quantity"]')).toHaveAccessibleDescription(/Quantity must be at least 1/);
  await expect(page.locator('[name="comments"]')).toHaveValue('Typed before the code');
  await expect(page.locator('[name="paperSize"]')).toHaveValue('a3');
  await expect(page.getByLabel('Black & white')).toBeChecked();

  await page.locator('[name="quantity"]').fill('20');
  await page.locator('[name="documentType"]').selectOption({ label: 'Flyers' });
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Form submitted successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(unexpectedErrors(errors)).toEqual([]);
});
