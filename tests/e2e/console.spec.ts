import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { signIn, staffConsole, unexpectedErrors, watchConsole } from './helpers';

/** Where the portal mails new contact messages when COMPANY_EMAIL is not set (config.ts). */
const COMPANY_EMAIL = 'info@example.com';

/** Screenshots for a human look, only when CONSOLE_SHOTS_DIR is set. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.CONSOLE_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });

test('a contact message reaches the company address and the console inbox; staff reply by email and it is handled', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const sender = { first: 'Tolu', last: `Bakare${Date.now() % 100000}`, email: `tolu${Date.now() % 100000}@example.com` };

  // A visitor writes on the contact page.
  await page.goto('/contact');
  await page.getByLabel('First name').fill(sender.first);
  await page.getByLabel('Last name').fill(sender.last);
  await page.getByLabel('Email').fill(sender.email);
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByLabel('Type of enquiry').selectOption('support');
  await page.getByLabel('Message', { exact: true }).fill('When is the next casting day in Lagos?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('We will get back to you soon')).toBeVisible();
  const forCompany = await mailbox.waitFor((m) => m.to.includes(COMPANY_EMAIL) && m.subject.includes(sender.last));
  expect(forCompany.text).toContain('When is the next casting day in Lagos?');
  expect(forCompany.text).toContain(sender.email);

  // Staff open the console on its home: the message is counted there and on the Messages tab.
  const { page: staff, errors } = await staffConsole(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  await expect(staff.getByRole('heading', { name: 'What needs doing' })).toBeVisible();
  const waiting = staff.getByRole('link', { name: /new contact messages?$/ });
  const count = Number((await waiting.locator('.admin__waiting-count').textContent()) ?? 0);
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(tabs(staff).getByRole('link', { name: `Messages ${count} waiting` })).toBeVisible();
  await expect(staff.getByRole('heading', { name: /so far$/ })).toBeVisible();

  // With every tab a role may use, the console's tabs still fit one line on a desktop.
  const nav = await tabs(staff).boundingBox();
  const tab = await tabs(staff).getByRole('link', { name: 'Home' }).boundingBox();
  expect(nav!.height).toBeLessThan(tab!.height * 1.5);
  await shot(staff, 'console-home');

  // The inbox lists it as new; it opens in full.
  await waiting.click();
  await expect(staff).toHaveURL(/\/admin\/messages\?filter=new$/);
  const item = staff.getByRole('listitem').filter({ hasText: `${sender.first} ${sender.last}` });
  await expect(item).toContainText('New');
  await expect(item).toContainText('When is the next casting day in Lagos?');
  await shot(staff, 'console-inbox');
  await item.getByRole('link').click();
  await expect(staff.getByRole('heading', { name: `Message from ${sender.first} ${sender.last}` })).toBeVisible();
  await expect(staff.getByText('When is the next casting day in Lagos?')).toBeVisible();

  // An empty reply is refused where it is written; a real one is emailed and the message handled.
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Write a reply before sending.')).toBeVisible();
  await staff.getByLabel(`Reply to ${sender.email}`).fill('Our next casting day is on Friday at the Lekki office. Bring two photos.');
  await expect(staff.getByLabel('Mark as handled when sent')).toBeChecked();
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByRole('heading', { name: 'Replies sent' })).toBeVisible();
  await expect(staff.getByText('Our next casting day is on Friday')).toBeVisible();
  await expect(staff.getByText('Handled', { exact: true }).first()).toBeVisible();
  await shot(staff, 'console-message');
  const reply = await mailbox.waitFor((m) => m.to.includes(sender.email) && /Reply to your message/.test(m.subject));
  expect(reply.text).toContain('Our next casting day is on Friday at the Lekki office.');
  expect(reply.text).toContain('You wrote: When is the next casting day in Lagos?');

  // The badge follows: one message fewer waiting.
  await staff.getByRole('link', { name: '← All messages' }).click();
  const left = count - 1;
  await expect(tabs(staff).getByRole('link', { name: left ? `Messages ${left} waiting` : /^Messages$/ })).toBeVisible();
  await staff.getByRole('button', { name: 'Handled' }).click();
  await expect(staff.getByRole('listitem').filter({ hasText: sender.last })).toContainText('1 reply');

  expect(unexpectedErrors(errors)).toEqual([]);
  await staff.context().close();
});

test('reports show members by state, the months and who lapses, and export the members as CSV', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await tabs(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: /^Members by state on / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-ups, activations and renewals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Money received' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Lapsing by / })).toBeVisible();
  // The figures behind a chart are a table anyone can open.
  await page.getByText('Figures').first().click();
  await expect(page.getByRole('columnheader', { name: 'Sign-ups' })).toBeVisible();
  await shot(page, 'console-reports');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download members CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Member number,Name,Email,Phone,State,Paid until,Plan,Level');

  await page.getByLabel('Payments from').fill('2026-12-31');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Download payments CSV' }).click();
  await expect(page.getByRole('alert')).toContainText('From must be on or before To.');
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('staff get the console, not the member’s notifications page, and the menu fits one line at 1280 px', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Console' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Notifications/ })).toHaveCount(0);
  // Measured once the menu has settled: while the page loads, the item for signing out is still empty.
  const rows = () => menu.locator('.navbar__list > li').evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
  await expect(page.getByRole('heading', { name: 'Staff console' })).toBeVisible();
  await expect.poll(rows).toBe(1);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/admin$/);
  expect(unexpectedErrors(errors)).toEqual([]);
});
