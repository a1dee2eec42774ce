import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, journeyBudget, phoneViewport, test } from './fixtures';
import { activatedMember, staffConsole, tinyPdf, unexpectedErrors, watchConsole } from './helpers';
import { shiftDate, todayInLagos } from '../../src/shared/dates';
import { displayDate } from '../../src/shared/display-date';

/** A real banner, twice the strip's slot (728 x 182), as a member would upload it. */
async function bannerImage(format: 'png' | 'jpeg'): Promise<string> {
  const file = path.join(tmpdir(), `ad-${process.pid}-${Date.now()}.${format === 'png' ? 'png' : 'jpg'}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1456" height="364">
    <rect width="100%" height="100%" fill="#7c2d12"/>
    <rect x="24" y="24" width="1408" height="316" fill="none" stroke="#fbbf24" stroke-width="12"/>
    <text x="728" y="215" font-family="sans-serif" font-size="110" font-weight="bold" fill="#fff" text-anchor="middle">Ngozi Studios</text>
  </svg>`;
  await sharp(Buffer.from(svg))[format]().toFile(file);
  return file;
}

/** Screenshots for a human look, only when ADS_SHOTS_DIR is set. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.ADS_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage });
}

test('a member places an ad, staff approve it, a visitor clicks it, the member sees the click and deletes it', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  const member = await activatedMember(page, mailbox);
  const link = `${baseURL}/terms-and-conditions`;
  const altText = 'Ngozi Studios: casting every Friday';

  const section = page.locator('#advert');
  await expect(section.getByRole('heading', { name: 'Advertisements' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Delete Ad' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Place Your Ad' }).click();

  const dialog = page.getByRole('dialog', { name: 'Place Your Ad' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('JPG or PNG images are accepted, at most 2 MB');
  await expect(dialog.getByLabel('Weeks')).toHaveValue('1');
  await expect(dialog.getByTestId('ad-price')).toHaveText('₦5,000.00');

  // Nothing is sent until the form is complete; the shared schema names each problem.
  await dialog.getByRole('button', { name: 'Save Ad' }).click();
  await expect(dialog.getByText('Ad image is required')).toBeVisible();
  await dialog.getByLabel('Link URL').fill('not a link');
  await dialog.getByLabel('Alt Text').focus();
  await expect(dialog.getByText('Link URL must be a web address starting with http:// or https://')).toBeVisible();

  await dialog.getByLabel(/Ad image/).setInputFiles(await bannerImage('png'));
  await expect(dialog.getByRole('img', { name: 'Preview of your ad' })).toBeVisible();
  await dialog.getByLabel('Link URL').fill(link);
  await dialog.getByLabel('Alt Text').fill(altText);
  await dialog.getByLabel('Weeks').fill('2');
  await expect(dialog.getByTestId('ad-price')).toHaveText('₦10,000.00');
  await expect(dialog).toContainText('Staff review it like the membership fee');
  await dialog.getByLabel(/Payment slip/).setInputFiles(tinyPdf());
  await shot(page, 'place-ad-dialog', false);
  await dialog.getByRole('button', { name: 'Save Ad' }).click();
  await expect(page.getByText('Ad placed successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('Pending review');
  await expect(section).toContainText('pending review');
  await expect(section.getByRole('img', { name: altText })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Delete Ad' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Place Your Ad' })).toHaveCount(0);
  await shot(page, 'dashboard-pending');

  // Staff check the ad in the console and approve it for today, always shown.
  const { page: staff, errors: staffErrors } = await staffConsole(browser, { baseURL });
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Ads' }).click();
  await expect(staff).toHaveURL(/\/admin\/ads$/);
  const card = staff.getByRole('listitem', { name: `Ad of ${member.name}` }).filter({ hasText: member.email });
  await expect(card).toContainText(link);
  await expect(card).toContainText(altText);
  await expect(card).toContainText('2 weeks · ₦10,000.00');
  await expect(card).toContainText('pending (finance confirms it)');
  // Moderators judge the content only: the slip is the payments queue's.
  await expect(card.getByRole('link', { name: /slip/ })).toHaveCount(0);
  await expect(card.getByRole('img', { name: altText })).toBeVisible();
  const today = todayInLagos();
  await expect(card.getByLabel('Start date')).toHaveValue(today);
  // The end is the two weeks paid: shown, not asked for.
  const ends = shiftDate(today, 13);
  await expect(card).toContainText(`Runs to ${displayDate(ends)}: the 2 weeks paid.`);
  await expect(card.getByLabel('End date')).toHaveCount(0);
  await shot(staff, 'console-pending');
  await card.getByLabel('Frequency').selectOption('always');
  await card.getByLabel('Title (for staff)').fill('Ngozi Studios, two weeks');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`Advert approved: it runs from ${today} to ${ends}.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // Finance (here the admin) confirms the advert's payment in the payments queue: only then does it run.
  await staff.goto('/admin/payments');
  const payment = staff.getByRole('listitem').filter({ hasText: member.email });
  await expect(payment).toContainText('Advert');
  await payment.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Advert payment approved. The member has their receipt.')).toBeVisible();
  await staff.goto('/admin/ads');

  await staff.locator('[name="status"]').selectOption('running');
  const running = staff.getByRole('listitem', { name: `Ad of ${member.name}` }).filter({ hasText: member.email });
  await expect(running).toContainText(`${displayDate(today)} to ${displayDate(ends)} · always`);
  await running.getByLabel('Frequency').selectOption('always');
  await running.getByRole('button', { name: 'Save changes' }).click();
  await expect(staff.getByText('Changes saved successfully!')).toBeVisible();
  await shot(staff, 'console-running');

  // An anonymous visitor sees it on the homepage and the click opens the member's link in a new tab.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto('/');
  const strip = visitor.getByRole('region', { name: 'Advertisements' });
  const advert = strip.getByRole('link', { name: altText });
  await expect(advert).toBeVisible();
  await expect(advert).toHaveAttribute('target', '_blank');
  await expect(advert).toHaveAttribute('rel', 'noopener noreferrer');
  const image = advert.getByRole('img', { name: altText });
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(728);
  await shot(visitor, 'landing-with-ad');
  const [tab] = await Promise.all([visitor.waitForEvent('popup'), advert.click()]);
  await expect(tab).toHaveURL(link);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await tab.close();

  // The member's dashboard counts the click.
  await page.goto('/profile');
  await expect(section).toContainText('Running');
  await expect(section.getByTestId('ad-clicks')).toHaveText('1 click');
  await shot(page, 'dashboard-running');

  // Delete Ad asks first, then the ad leaves the dashboard and the homepage.
  await section.getByRole('button', { name: 'Delete Ad' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your ad?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('img', { name: altText })).toBeVisible();
  await section.getByRole('button', { name: 'Delete Ad' }).click();
  await confirm.getByRole('button', { name: 'Delete Ad' }).click();
  await expect(page.getByText('Ad deleted successfully!')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Place Your Ad' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Delete Ad' })).toHaveCount(0);
  await expect(section.getByRole('img', { name: altText })).toHaveCount(0);

  // The landing page arrives drawn with the running ads: none now, in its HTML as in the portal's answer.
  expect(await (await visitor.request.get('/api/ads')).json()).toEqual([]);
  const landing = await visitor.goto('/');
  expect(await landing!.text()).not.toContain('Advertisements');
  await expect(visitor.getByRole('heading', { name: 'Welcome to the Home of Movies, Modelling & Music' })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Advertisements' })).toHaveCount(0);
  await expect(visitor.getByText('Advertisements', { exact: true })).toHaveCount(0);

  await staff.context().close();
  await visitorContext.close();
  expect(unexpectedErrors(errors)).toEqual([]);
  expect(unexpectedErrors(staffErrors)).toEqual([]);
  expect(unexpectedErrors(visitorErrors)).toEqual([]);
});

test('on a 360 px phone a member places a JPEG ad, staff reject it with a reason, and the member sees why', async ({ page, browser, mailbox, baseURL }) => {
  const errors = watchConsole(page);
  await phoneViewport(page);
  const member = await activatedMember(page, mailbox);
  const section = page.locator('#advert');
  await section.getByRole('button', { name: 'Place Your Ad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place Your Ad' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);

  await dialog.getByLabel(/Ad image/).setInputFiles(await bannerImage('jpeg'));
  await dialog.getByLabel('Link URL').fill(`${baseURL}/terms-and-conditions`);
  await dialog.getByLabel('Alt Text').fill('Phone banner');
  await dialog.getByLabel(/Payment slip/).setInputFiles(tinyPdf());
  await shot(page, 'place-ad-dialog', false);
  // Nothing in the dialog is wider than the phone: no sideways scrolling.
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await dialog.getByRole('button', { name: 'Save Ad' }).click();
  await expect(page.getByText('Ad placed successfully!')).toBeVisible();
  await expect(section).toContainText('pending review');
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-pending');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const { page: staff } = await staffConsole(browser, { baseURL });
  await staff.goto('/admin/ads');
  const card = staff.getByRole('listitem', { name: `Ad of ${member.name}` }).filter({ hasText: member.email });
  await card.getByRole('button', { name: 'Reject...' }).click();
  await card.getByLabel('Reason for the member').fill('The slip shows ₦2,000, not ₦5,000.');
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(staff.getByText('Advert rejected. The member has been told why.')).toBeVisible();
  await staff.context().close();

  await page.reload();
  await expect(section).toContainText('Rejected');
  await expect(section).toContainText('Reason: The slip shows ₦2,000, not ₦5,000.');
  await expect(section).not.toContainText('..');
  // A rejected ad can be deleted or replaced by a new one.
  await expect(section.getByRole('button', { name: 'Place Your Ad' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Delete Ad' })).toBeVisible();
  expect(unexpectedErrors(errors)).toEqual([]);
});
