import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { todayInLagos } from '../../src/shared/dates';
import { expect, journeyBudget, newMember, test } from './fixtures';
import { activatedMember, signUpThroughForm, staffApi, staffConsole, unexpectedErrors, watchConsole } from './helpers';

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
  const receipts = page.getByRole('link', { name: /Download PDF of receipt HM-R-\d{4}-\d{6}/ });
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
  await expect(page.getByRole('link', { name: /Download PDF of receipt HM-R-\d{4}-\d{6}/ })).toHaveCount(2);
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
  expect((await staff.post(`/api/admin/ads/${user.ad.id}/approve`, { data: { startDate: today, frequency: 'always' } })).ok()).toBe(true);
  await staff.dispose();
  const running = (await (await page.request.get('/api/ads')).json()) as { id: string }[];
  expect(running.map((ad) => ad.id)).toContain(user.ad.id);

  expect(unexpectedErrors(errors)).toEqual([]);
});

/** The fee page's card for an online payment Paystack has not confirmed yet (neither paid nor set aside). */
function waitingForPaystack(page: Page) {
  return page.locator('.fees__card').getByRole('heading', { level: 2, name: 'Waiting for Paystack to confirm your payment' });
}

test('on a slow phone, a new member pays the fee by bank transfer; it outlasts the checkout expiry, lands, and the fee is paid once', async ({
  page,
  browser,
  baseURL,
  mailbox,
  paystack,
  restartPortal,
}) => {
  test.setTimeout(journeyBudget(240_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  // A phone on a slow network, the whole way: 400 kbit/s each way, 400 ms latency.
  const cdp = await page.context().newCDPSession(page);
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  const member = newMember();
  await signUpThroughForm(page, member);

  await page.goto('/user/fees');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code from the email').fill(await mailbox.codeFor(member.email, /verification code/));
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await page.getByRole('button', { name: /^Pay online/ }).click();

  // At Paystack's checkout the member chooses a bank transfer: Paystack waits for the money.
  await expect(page).toHaveURL(new RegExp(`^${paystack.baseUrl}/checkout/`));
  await expect(page.getByRole('heading', { name: 'Pay NGN 60,500.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay by bank transfer' }).click();

  // Back on the portal: told the money is on its way and that Paystack's word is awaited; nothing says it failed.
  await expect(page).toHaveURL(`${baseURL}/user/fees?online=processing`);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your bank is still sending this payment. It is booked as soon as Paystack confirms it: you need not pay again.' }),
  ).toBeVisible();
  await expect(waitingForPaystack(page)).toBeVisible();
  await expect(page.getByText(/not completed|not approved/)).toHaveCount(0);
  await noSidewaysScroll(page);
  // Drawn whole (its lazy parts, and "Pay online" once the plans answer) before the picture.
  await page.waitForLoadState('networkidle');
  await shot(page, 'transfer-processing');
  const transaction = [...paystack.transactions.values()].filter((t) => t.email === member.email).at(-1)!;
  expect(transaction).toMatchObject({ status: 'ongoing', channel: 'bank_transfer' });
  const paymentOf = async () =>
    ((await (await page.request.get('/api/users/membership')).json()) as { payment: { status: string; channel: string } | null }).payment;
  expect(await paymentOf()).toMatchObject({ status: 'pending', channel: 'paystack' });
  // What finance sees of it meanwhile (looked at, not asserted).
  const { page: financeWhileOngoing } = await staffConsole(browser, { baseURL });
  await financeWhileOngoing.goto('/admin/payments');
  await expect(financeWhileOngoing.getByText('No pending payments.').or(financeWhileOngoing.locator('.admin__list')).first()).toBeVisible();
  await shot(financeWhileOngoing, 'transfer-finance-ongoing');
  await financeWhileOngoing.context().close();

  // Three hours on (the checkout expiry is two), the portal restarts and its housekeeping runs the
  // expiry: it asks Paystack about the stale checkout, hears `ongoing`, and leaves it waiting.
  const verifiesBefore = paystack.verifyRequests;
  await restartPortal({ clockAheadMs: 3 * 60 * 60 * 1000 });
  expect(paystack.verifyRequests).toBeGreaterThan(verifiesBefore);
  expect(transaction.status).toBe('ongoing');
  expect(await paymentOf()).toMatchObject({ status: 'pending', channel: 'paystack' });
  await page.goto('/user/fees');
  await expect(waitingForPaystack(page)).toBeVisible();
  await expect(page.getByText(/not completed|not approved/)).toHaveCount(0);
  await noSidewaysScroll(page);
  // Drawn whole (its lazy parts, and "Pay online" once the plans answer) before the picture.
  await page.waitForLoadState('networkidle');
  await shot(page, 'transfer-after-expiry');

  // The transfer lands: Paystack's charge.success books it, and the approval email brings the code.
  await paystack.completeTransfer(transaction.reference);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Approved: enter the code we emailed' })).toBeVisible();
  await expect(page.getByText(`Your online payment is confirmed and we emailed a 6-digit code to ${member.email}.`)).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'transfer-landed');
  await page.getByLabel('Code from the approval email').fill(await mailbox.codeFor(member.email, /OTP/));
  await page.getByRole('button', { name: 'Activate Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });

  // One receipt: the transfer was booked once.
  await page.goto('/profile/payments');
  await expect(page.getByTestId('balance')).toHaveText('Nothing owed');
  const receipts = page.getByRole('link', { name: /Download PDF of receipt HM-R-\d{4}-\d{6}/ });
  await expect(receipts).toHaveCount(1);
  await expect(page.getByRole('listitem').filter({ has: receipts }).first()).toContainText('₦60,500.00');
  await noSidewaysScroll(page);
  await shot(page, 'transfer-receipt');

  // Finance's queue has nothing of it left to decide.
  const { page: staff } = await staffConsole(browser, { baseURL });
  await staff.goto('/admin/payments');
  await expect(staff.getByText('No pending payments.').or(staff.locator('.admin__list')).first()).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: member.email })).toHaveCount(0);
  await shot(staff, 'transfer-finance-queue');
  await staff.context().close();
  const finance = await staffApi(baseURL!);
  const listed = async (status: string) =>
    ((await (await finance.get(`/api/admin/payments?status=${status}`)).json()) as { email: string | null; channel: string }[]).filter(
      (p) => p.email === member.email,
    );
  expect(await listed('pending')).toEqual([]);
  expect(await listed('rejected')).toEqual([]);
  expect(await listed('approved')).toMatchObject([{ channel: 'paystack' }]);
  await finance.dispose();

  expect(unexpectedErrors(errors)).toEqual([]);
});
