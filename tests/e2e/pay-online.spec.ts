import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { todayInLagos } from '../../src/shared/dates';
import { expect, journeyBudget, newMember, test } from './fixtures';
import { activatedMember, signUpThroughForm, staffApi, unexpectedErrors, watchConsole } from './helpers';

// This file's portal pays through a stand-in Paystack (fixtures.ts): PAYSTACK_SECRET_KEY and PAYSTACK_BASE_URL set.
test.use({ withPaystack: true });

const PHONE = { width: 375, height: 812 };

async function noSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Screenshots to look at (PAY_ONLINE_SHOTS=dir), full page at the current width. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PAY_ONLINE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

test('on a phone, a new member pays the fee online at the checkout, comes back, enters the emailed OTP, is active and sees the receipt', async ({
  page,
  baseURL,
  mailbox,
  paystack,
}) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  const member = newMember();
  await signUpThroughForm(page, member);

  await page.goto('/user/fees');
  await expect(page.getByRole('heading', { name: 'Pay the membership fee' })).toBeVisible();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code from the email').fill(await mailbox.codeFor(member.email, /verification code/));
  await page.getByRole('button', { name: 'Confirm email' }).click();
  // "Pay online" beside "Upload a slip".
  await expect(page.getByRole('button', { name: 'Upload slip' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay online/ }).click();

  // Paystack's checkout (the stand-in), for the fee in naira.
  await expect(page).toHaveURL(new RegExp(`^${paystack.baseUrl}/checkout/`));
  await expect(page.getByRole('heading', { name: 'Pay NGN 60,500.00' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await shot(page, 'checkout');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the portal: the payment is confirmed without anyone in finance, and the OTP is on its way.
  await expect(page).toHaveURL(`${baseURL}/user/fees?online=paid`);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: your membership is being activated.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approved: enter the code we emailed' })).toBeVisible();
  await expect(page.getByText(`Your online payment is confirmed and we emailed a 6-digit code to ${member.email}.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your progress' })).toContainText('Payment confirmed');
  await noSidewaysScroll(page);
  await shot(page, 'return');
  const [transaction] = [...paystack.transactions.values()].filter((t) => t.email === member.email);
  expect(transaction).toMatchObject({ status: 'success', amount: 6_050_000, currency: 'NGN' });

  await page.getByLabel('Code from the approval email').fill(await mailbox.codeFor(member.email, /OTP/));
  await page.getByRole('button', { name: 'Activate Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  const profile = (await (await page.request.get('/api/users/profile')).json()) as { user: { status: boolean } };
  expect(profile.user.status).toBe(true);

  await page.goto('/profile/payments');
  await expect(page.getByTestId('balance')).toHaveText('Nothing owed');
  const receipts = page.getByRole('link', { name: /Download receipt HM-R-\d{4}-\d{6}/ });
  await expect(receipts).toHaveCount(1);
  await expect(page.getByRole('listitem').filter({ has: receipts }).first()).toContainText('₦60,500.00');
  await noSidewaysScroll(page);
  await shot(page, 'receipt');

  expect(unexpectedErrors(errors)).toEqual([]);
});

test('on a phone, a member pays a fine online from its page and comes back to it paid, with its receipt', async ({ page, baseURL, mailbox, paystack }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  const member = await activatedMember(page, mailbox);
  const { user } = (await (await page.request.get('/api/users/profile')).json()) as { user: { id: string } };
  const staff = await staffApi(baseURL!);
  expect((await staff.post(`/api/admin/members/${user.id}/fines`, { data: { type: 'late', reason: 'Arrived 40 minutes late' } })).ok()).toBe(true);
  await staff.dispose();

  await page.goto('/profile/payments');
  await page.getByRole('link', { name: /Pay this fine: Fine \(Late\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay a fine' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Upload slip for ₦3,000.00/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay online ₦3,000.00' }).click();

  await expect(page).toHaveURL(new RegExp(`^${paystack.baseUrl}/checkout/`));
  await expect(page.getByRole('heading', { name: 'Pay NGN 3,000.00' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(`${baseURL}/profile/payments?online=paid`);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: your fine is paid and its receipt is below.' })).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('Nothing owed');
  await expect(page.getByRole('link', { name: /Pay this fine/ })).toHaveCount(0);
  // The activation's receipt and the fine's.
  await expect(page.getByRole('link', { name: /Download receipt HM-R-\d{4}-\d{6}/ })).toHaveCount(2);
  await noSidewaysScroll(page);
  await shot(page, 'fine-paid');

  expect(unexpectedErrors(errors)).toEqual([]);
});

test('on a phone, a member places an advert and pays it online: it waits for the content approval, then runs', async ({ page, baseURL, mailbox, paystack }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await activatedMember(page, mailbox);
  const banner = path.join(tmpdir(), `pay-online-ad-${process.pid}.png`);
  await sharp({ create: { width: 1456, height: 364, channels: 3, background: '#7c2d12' } })
    .png()
    .toFile(banner);

  const section = page.locator('#advert');
  await section.getByRole('button', { name: 'Place Your Ad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place Your Ad' });
  await dialog.getByLabel(/Ad image/).setInputFiles(banner);
  await dialog.getByLabel('Link URL').fill('https://ngozi-studios.example.com/');
  await dialog.getByLabel('Alt Text').fill('Ngozi Studios: portraits in Lekki');
  await dialog.getByLabel('Weeks').fill('2');
  // No slip: paid online instead.
  await dialog.getByRole('button', { name: 'Save and pay online ₦10,000.00' }).click();

  await expect(page).toHaveURL(new RegExp(`^${paystack.baseUrl}/checkout/`));
  await expect(page.getByRole('heading', { name: 'Pay NGN 10,000.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(`${baseURL}/profile?online=paid#advert`);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: your advert runs once our staff approve its content.' })).toBeVisible();
  await shot(page, 'advert-paid');
  const { user } = (await (await page.request.get('/api/users/profile')).json()) as { user: { ad: { id: string; status: string } } };
  expect(user.ad.status).toBe('pending');

  // A moderator approves the content; the payment was Paystack's, so it runs at once.
  const staff = await staffApi(baseURL!);
  const today = todayInLagos();
  expect((await staff.post(`/api/admin/ads/${user.ad.id}/approve`, { data: { startDate: today, endDate: today, frequency: 'always' } })).ok()).toBe(true);
  await staff.dispose();
  const running = (await (await page.request.get('/api/ads')).json()) as { id: string }[];
  expect(running.map((ad) => ad.id)).toContain(user.ad.id);

  expect(unexpectedErrors(errors)).toEqual([]);
});
