import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, journeyBudget, newMember, test } from './fixtures';
import { activatedMember, pngBytes, signUpThroughForm, staffApi, tinyPdf, tinyPng, unexpectedErrors, watchConsole, xsrfHeader } from './helpers';

const PHONE = { width: 375, height: 812 };

async function noSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Screenshots to look at (MEMBER_PATH_SHOTS=dir), full page at the current width. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.MEMBER_PATH_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

async function latestPaymentId(page: Page): Promise<string> {
  const status = (await (await page.request.get('/api/users/membership')).json()) as { payment: { id: string } | null };
  if (!status.payment) throw new Error('no payment yet');
  return status.payment.id;
}

/** Opens the phone's menu; on a wide screen the menu is always open. Waits for the header first. */
async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle.or(page.getByRole('navigation', { name: 'Main' })).first()).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
}

test('on a phone, the fee page follows the member: pay, under review, rejected and again, approved, the code', async ({ page, context, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // Staff set the bank account the fee page shows (an unset one is hidden), typed as the settings page's hint says.
  const settings = await staffApi(baseURL!);
  const current = (await (await settings.get('/api/admin/settings/site')).json()) as Record<string, unknown>;
  const blank = (value: unknown) => (typeof value === 'string' ? value : '');
  const saved = await settings.put('/api/admin/settings/site', {
    data: {
      ...current,
      email: blank(current.email),
      phone: blank(current.phone),
      dollarAccount: blank(current.dollarAccount),
      nairaAccount: 'Test Bank | Company Ltd | 0123456789',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await settings.dispose();
  const member = newMember();
  await signUpThroughForm(page, member);

  await page.goto('/user/fees?plan=premium');
  await expect(page.getByRole('heading', { name: 'Pay the membership fee' })).toBeVisible();
  await expect(page.getByText('Premium Plan')).toBeVisible();
  // Each bank detail on its own line, with its label from the hint's place and its own copy button.
  const naira = page.locator('.fees__account').first();
  await expect(naira.locator('.fees__line')).toHaveCount(3);
  await expect(naira.locator('dt')).toHaveText(['Bank', 'Account name', 'Account number']);
  await expect(naira.locator('.fees__value')).toHaveText(['Test Bank', 'Company Ltd', '0123456789']);
  await naira.getByRole('button', { name: 'Copy Account number' }).click();
  await expect(naira.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0123456789');
  await noSidewaysScroll(page);
  await shot(page, 'fees-pay');

  // The email is confirmed in place, then the upload takes its place.
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText('Code sent.')).toBeVisible();
  await page.getByLabel('Code from the email').fill(await mailbox.codeFor(member.email, /verification code/));
  await page.getByRole('button', { name: 'Confirm email' }).click();
  const slip = page.locator('[name="paymentSlip"]');
  await expect(slip).toBeVisible();

  // A slip over the limit that cannot be made smaller (a PDF) is refused in the browser: nothing is sent.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/users/upload-slip')) uploads.push(request.method());
  });
  await slip.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(page.getByRole('alert').filter({ hasText: 'Payment slip must be at most 5 MB (this file is 6.0 MB)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload slip' })).toBeDisabled();
  expect(uploads).toEqual([]);

  // A slip the server refuses keeps the member on the upload, with the reason beside the button and a Retry.
  await slip.setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByRole('button', { name: 'Upload slip' }).click();
  await expect(page.locator('.fees__step .form__error')).toContainText(/Payment slip must be/);
  await expect(page.locator('.fees__step').getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pay the membership fee' })).toBeVisible();
  expect(uploads).toEqual(['POST']);

  await slip.setInputFiles(tinyPng());
  await page.getByRole('button', { name: 'Upload slip' }).click();
  await expect(page.getByRole('heading', { name: 'Slip received, under review' })).toBeVisible();
  await expect(page.getByText('under review (usually within a working day)')).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'fees-review');

  const staff = await staffApi(baseURL!);
  const reason = 'The amount on the slip is ₦6,050, not ₦60,500.';
  expect((await staff.post(`/api/admin/payments/${await latestPaymentId(page)}/reject`, { data: { reason } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your slip was not approved' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'fees-rejected');
  await page.locator('[name="paymentSlip"]').setInputFiles(tinyPdf());
  await page.getByRole('button', { name: 'Upload new slip' }).click();
  await expect(page.getByRole('heading', { name: 'Slip received, under review' })).toBeVisible();

  expect((await staff.post(`/api/admin/payments/${await latestPaymentId(page)}/approve`, { data: { months: 1 } })).ok()).toBe(true);
  await staff.dispose();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Approved: enter the code we emailed' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'fees-approved');
  await page.getByRole('button', { name: 'Email me a new code' }).click();
  await expect(page.getByText('OTP sent successfully!').first()).toBeVisible();
  await page.getByLabel('Code from the approval email').fill('000000');
  await page.getByRole('button', { name: 'Activate Profile' }).click();
  await expect(page.locator('.fees__step .field__error')).toContainText(/Invalid otp/i);
  await page.getByLabel('Code from the approval email').fill(await mailbox.codeFor(member.email, /OTP/));
  await page.getByRole('button', { name: 'Activate Profile' }).click();
  await expect(page.getByText('Taking you to your dashboard')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });

  expect(unexpectedErrors(errors, [400, 401, 403, 409, 413, 415])).toEqual([]);
});

test('on a phone, the dashboard leads with the next step, says what each form is for, and keeps Terminate apart', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  const member = newMember();
  await signUpThroughForm(page, member);

  const next = page.getByRole('region', { name: 'Next step: pay the membership fee' });
  await expect(next).toBeVisible();
  const nextTop = (await next.boundingBox())!.y;
  for (const later of [page.getByRole('navigation', { name: 'Dashboard sections' }), page.getByRole('heading', { level: 1 }), page.locator('#forms')]) {
    expect((await later.boundingBox())!.y).toBeGreaterThan(nextTop);
  }
  await expect(page.getByRole('listitem', { name: 'Welfare Form' })).toContainText('Ask the welfare desk');
  const danger = page.getByRole('region', { name: 'Danger zone' });
  await expect(danger.getByRole('button', { name: 'Terminate Account' })).toBeVisible();
  await expect(page.locator('.dashboard__header').getByRole('button', { name: 'Terminate Account' })).toHaveCount(0);
  await expect(page.locator('.dashboard__header').getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'dashboard-new');

  await next.getByRole('link', { name: 'Pay the fee' }).click();
  await expect(page.getByRole('heading', { name: 'Pay the membership fee' })).toBeVisible();

  expect(unexpectedErrors(errors)).toEqual([]);
});

test('the menu counts a new notification until it is read, and the dashboard lists submissions staff handle', async ({ page, baseURL, mailbox }) => {
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await activatedMember(page, mailbox);
  await openMenu(page);
  // Slip received, approved, activated (and whatever else the portal told the member): unread.
  await expect(page.getByRole('link', { name: /^Notifications \d+ unread$/ })).toBeVisible();
  await page.getByRole('link', { name: /^Notifications \d+ unread$/ }).click();
  await expect(page.locator('.notifications__item--new')).toHaveCount(3);
  await openMenu(page);
  await expect(page.getByRole('link', { name: /^Notifications$/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: /Next step/ })).toHaveCount(0);
  const sent = page.getByRole('region', { name: 'Your submissions' });
  await expect(sent).toContainText('You have not sent a form yet.');
  const welfare = await page.request.post('/api/users/welfareform', {
    headers: await xsrfHeader(page),
    data: {
      name: 'Ngozi Adeyemi',
      dob: '1996-03-09',
      address: '4 Marina Road, Lagos',
      phone: '08031234567',
      email: 'ngozi@example.com',
      benefits: 'healthcare',
    },
  });
  expect(welfare.status()).toBe(201);
  await page.reload();
  await expect(sent.getByRole('listitem')).toHaveCount(1);
  await expect(sent.getByRole('listitem')).toContainText('Welfare Form');
  await expect(sent.getByRole('listitem')).toContainText('Waiting for staff');

  const staff = await staffApi(baseURL!);
  const mine = (await (await page.request.get('/api/users/submissions')).json()) as { submissions: { id: string }[] };
  const id = mine.submissions[0]?.id;
  expect(id).toBeTruthy();
  expect((await staff.post(`/api/admin/submissions/${id}/handled`)).ok()).toBe(true);
  await staff.dispose();
  await page.reload();
  await expect(sent.getByRole('listitem')).toContainText(/Handled \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await noSidewaysScroll(page);
  await shot(page, 'dashboard-active');

  expect(unexpectedErrors(errors)).toEqual([]);
});

test('on a phone, the artist form is pre-filled and goes one checked section at a time; the server’s refusal opens its section', async ({ page, mailbox }) => {
  test.setTimeout(journeyBudget(90_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  const member = await activatedMember(page, mailbox);
  const memberNumber = ((await (await page.request.get('/api/users/profile')).json()) as { user: { memberNumber: string } }).user.memberNumber;

  await page.goto('/artistmembershipform');
  const heading = page.getByRole('heading', { name: /^Section \d of 7$/ });
  await expect(heading).toHaveText('Section 1 of 7');
  await expect(page.locator('[name="surname"]')).toHaveValue('Adeyemi');
  await expect(page.locator('[name="firstName"]')).toHaveValue('Ngozi');
  await expect(page.locator('[name="dateOfBirth"]')).toHaveValue(member.dob);
  await expect(page.locator('[name="heightFt"]')).toBeHidden();
  await noSidewaysScroll(page);
  await shot(page, 'artist-section-1');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText('Section 2 of 7');
  await expect(page.locator('[name="email"]')).toHaveValue(member.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText('Section 3 of 7');
  // The body measurements are required: Next stays on the section and says why.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Height (ft) is required')).toBeVisible();
  await expect(heading).toHaveText('Section 3 of 7');
  await page.locator('[name="heightFt"]').fill('5');
  await expect(page.getByText('Height (ft) is required')).toHaveCount(0);
  await page.locator('[name="heightInch"]').fill('7');
  await page.locator('[name="weight"]').fill('62');
  await page.locator('[name="chest"]').fill('88');
  await page.locator('[name="hairColor"]').fill('Black');
  await page.locator('[name="eyeColor"]').fill('Brown');
  await page.getByRole('button', { name: 'Next' }).click();
  for (const section of ['Section 4 of 7', 'Section 5 of 7', 'Section 6 of 7']) {
    await expect(heading).toHaveText(section);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(heading).toHaveText('Section 7 of 7');
  await expect(page.getByText('The teller or transfer receipt of your membership fee.')).toBeVisible();
  await page.locator('[name="passportPicture"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes() });
  await page.locator('[name="paymentTeller"]').setInputFiles({ name: 'teller.pdf', mimeType: 'application/pdf', buffer: readFileSync(tinyPdf()) });
  await noSidewaysScroll(page);
  await shot(page, 'artist-section-7');

  // The server's per-field refusal (as it words them) takes the member back to the field's section.
  await page.route('**/api/users/artistmembershipform', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Hair color must be at most 40 characters',
        errors: [{ field: 'hairColor', message: 'Hair color must be at most 40 characters' }],
      }),
    }),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(heading).toHaveText('Section 3 of 7');
  await expect(page.locator('.field__error').filter({ hasText: 'Hair color must be at most 40 characters' })).toBeVisible();
  await expect(page.locator('[name="hairColor"]')).toBeFocused();
  await page.unroute('**/api/users/artistmembershipform');

  for (const section of ['Section 4 of 7', 'Section 5 of 7', 'Section 6 of 7', 'Section 7 of 7']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading).toHaveText(section);
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('region', { name: 'Your submissions' })).toContainText('Artist Membership Form');

  // The forms that ask for an artist ID or registration number get the member number.
  await page.goto('/campingform');
  await expect(page.locator('[name="artistId"]')).toHaveValue(memberNumber);
  await page.goto('/eventform');
  await expect(page.locator('[name="registrationNumber"]')).toHaveValue(memberNumber);
  await expect(page.getByText('The bank teller or transfer receipt of this donation or ticket')).toBeVisible();
  await page.goto('/welfareform');
  await expect(page.locator('[name="phone"]')).not.toHaveValue('');
  await expect(page.locator('[name="dob"]')).toHaveValue(member.dob);

  expect(unexpectedErrors(errors, [400, 401])).toEqual([]);
});

test('at 1280 px the fee page, the dashboard and the artist form show everything at once', async ({ page, mailbox }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = newMember();
  await signUpThroughForm(page, member);
  await shot(page, 'dashboard-new');
  await page.goto('/user/fees');
  await expect(page.getByRole('heading', { name: 'Pay the membership fee' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'fees-pay');

  await page.context().clearCookies();
  await activatedMember(page, mailbox);
  await shot(page, 'dashboard-active');
  // A signed-in member's menu, unread notifications and all, fits one line beside the company's name.
  await page.goto('/profile');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: /^Notifications \d+ unread$/ })).toBeVisible();
  await expect(menu.getByText('Sign out')).toBeVisible();
  const rows = () => menu.locator('.navbar__list > li').evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
  await expect.poll(rows).toBe(1);
  expect((await page.locator('.navbar__name').boundingBox())!.height, 'the name on one line').toBeLessThan(30);
  await page.goto('/artistmembershipform');
  await expect(page.getByRole('heading', { name: /^Section \d of 7$/ })).toHaveCount(0);
  for (const title of ['Personal details', 'Contact and address', 'Body measurements', 'Production house', 'Last movie', 'Reasons', 'Uploads and terms']) {
    await expect(page.getByRole('group', { name: title })).toBeVisible();
  }
  await noSidewaysScroll(page);
  await shot(page, 'artist-form');
});
