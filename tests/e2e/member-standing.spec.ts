import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, journeyBudget, test } from './fixtures';
import { activatedMember, openConsoleSection, staffConsole, unexpectedErrors, watchConsole } from './helpers';

/** Screenshots for a human look at 375 and 1280 px, only when STANDING_SHOTS_DIR is set. */
async function shots(page: Page, name: string, show: () => Promise<void>): Promise<void> {
  const dir = process.env.STANDING_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await show();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('staff set a level, award an achievement and announce to the level; the member sees them, and the card opens the check page', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  const member = await activatedMember(page, mailbox);

  const card = page.getByRole('region', { name: 'Membership card' });
  await expect(card).toContainText(member.name);
  await expect(card).toContainText(/HM-\d{6}/);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: /QR code of the link/ })).toBeVisible();
  await expect(page.getByText('Level 1 of 5')).toBeVisible();
  const memberNumber = (await card.getByText(/^HM-\d{6}$/).textContent()) ?? '';

  // Staff, in their own browser: the member's page, then an announcement to the member's new level.
  const { page: staff, errors: staffErrors } = await staffConsole(browser, { baseURL });
  await staff.getByRole('link', { name: 'Members' }).click();
  await staff.getByRole('search', { name: 'Find a member' }).getByRole('searchbox').fill(member.email);
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.locator('tbody tr')).toHaveCount(1);
  await staff.getByRole('link', { name: member.name }).click();

  const levelForm = staff.getByRole('form', { name: 'Member level' });
  await levelForm.getByLabel('Level').selectOption('4');
  await levelForm.getByRole('button', { name: 'Set level' }).click();
  await expect(staff.getByText('Level set to 4.')).toBeVisible();

  const award = staff.getByRole('form', { name: 'Award an achievement' });
  await award.getByRole('button', { name: 'Award' }).click();
  await expect(award.getByText('Title is required')).toBeVisible();
  await award.getByLabel('Achievement title').fill('Lead role, December casting');
  await award.getByLabel('Description').fill('Chosen from five artists for the lead in "Harmattan".');
  await award.getByRole('button', { name: 'Award' }).click();
  await expect(staff.getByText('Achievement awarded.')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Remove the achievement Lead role, December casting' })).toBeVisible();

  await openConsoleSection(staff, 'Announcements');
  const write = staff.getByRole('form', { name: 'Write an announcement' });
  await write.getByLabel('Title').fill('Level 4 script reading');
  await write.getByLabel('Message').fill('Scripts for levels 4 and 5 come as PDF: reading on Thursday at 10am.');
  await write.getByLabel('Send to').selectOption('level');
  await write.getByLabel('Level', { exact: true }).selectOption('4');
  await write.getByRole('button', { name: 'Send announcement' }).click();
  await expect(staff.getByText('Announcement sent to 1 member.')).toBeVisible();
  await expect(staff.getByRole('row', { name: /Level 4 script reading/ })).toContainText('Level 4');

  await openConsoleSection(staff, 'Plans');
  await expect(staff.getByRole('form', { name: 'Plan Premium Plan' }).getByLabel('Monthly price (naira)')).toHaveValue('60500');
  await shots(staff, 'plans-console', async () => {
    await expect(staff.getByRole('form', { name: 'Plan Free Plan' })).toBeVisible();
  });
  expect(unexpectedErrors(staffErrors, [401, 400])).toEqual([]);
  await staff.context().close();

  // The member sees the level, the achievement, the notification and the email.
  await page.reload();
  await expect(page.getByText('Level 4 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lead role, December casting' })).toBeVisible();
  await mailbox.waitFor((mail) => mail.to.includes(member.email.toLowerCase()) && mail.subject.startsWith('Level 4 script reading'));
  await shots(page, 'dashboard-card', async () => {
    await page.getByRole('region', { name: 'Membership card' }).scrollIntoViewIfNeeded();
  });
  await page.goto('/notifications');
  await expect(page.getByText('Level 4 script reading: Scripts for levels 4 and 5 come as PDF')).toBeVisible();
  await expect(page.getByText('Your membership level is now 4.')).toBeVisible();

  // At the door: the card's link opens the public check page, which shows the state and nothing private.
  await page.goto('/profile');
  const link = page.getByRole('link', { name: 'Open your check page' });
  const checkUrl = (await link.getAttribute('href')) ?? '';
  expect(checkUrl).toMatch(new RegExp(`^${baseURL}/verify/${memberNumber}\\?code=[\\w-]{16}$`));
  const door = await browser.newContext({ baseURL });
  const scanner = await door.newPage();
  await scanner.goto(checkUrl);
  await expect(scanner.getByRole('heading', { name: 'Membership check' })).toBeVisible();
  await expect(scanner.getByText(member.name)).toBeVisible();
  await expect(scanner.getByText(memberNumber)).toBeVisible();
  await expect(scanner.getByText('Active', { exact: true })).toBeVisible();
  await expect(scanner.getByText(/Paid until \d{1,2} [A-Z][a-z]{2} \d{4}/)).toBeVisible();
  await expect(scanner.locator('body')).not.toContainText(member.email);
  await expect(scanner.locator('body')).not.toContainText('Level');
  await shots(scanner, 'verify-page', async () => {
    await expect(scanner.getByText(memberNumber)).toBeVisible();
  });

  await scanner.goto('/verify/HM-999999');
  await expect(scanner.getByRole('alert')).toHaveText(
    "This card could not be checked: no member has the number HM-999999 with this check code. Scan the card's QR code again, or check the number against the card.",
  );
  // A number without its card's code is answered as a number nobody has: the check cannot be walked.
  await scanner.goto(`/verify/${memberNumber}`);
  await expect(scanner.getByRole('alert')).toHaveText(
    `This card could not be checked: no member has the number ${memberNumber} with this check code. Scan the card's QR code again, or check the number against the card.`,
  );
  await door.close();
  expect(unexpectedErrors(errors)).toEqual([]);
});
