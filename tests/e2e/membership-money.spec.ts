import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pdfText } from '../../src/server/test-support/pdf-text';
import { expect, test } from './fixtures';
import { activatedMember, staffConsole, tinyPng, unexpectedErrors, watchConsole } from './helpers';

/** axe-core on the page as it stands: no serious or critical violations. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${page.url()}: ${v.id} ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Staff approve the member's pending slip in the payments queue (months only for membership). */
async function approveSlipOf(staff: Page, email: string, months?: number): Promise<void> {
  await staff.goto('/admin/payments');
  const card = staff.getByRole('listitem').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  if (months) await card.getByLabel('Months covered').selectOption(String(months));
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
}

test('an active member renews for two months with a slip, staff approve it, and the member downloads the receipt PDF', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const errors = watchConsole(page);
  const member = await activatedMember(page, mailbox);

  await page.goto('/user/fees');
  await expect(page.getByRole('status').filter({ hasText: 'Your membership is paid until' })).toBeVisible();
  await page.getByLabel('Months to pay for').selectOption('2');
  await page.getByLabel('Payment slip (photo or PDF, at most 5 MB)').setInputFiles(tinyPng());
  await page.getByRole('button', { name: 'Upload slip for ₦121,000.00' }).click();
  await expect(page.getByText('Slip received. It is under review')).toBeVisible();

  const { page: staff } = await staffConsole(browser, { baseURL });
  await approveSlipOf(staff, member.email, 2);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/profile\/payments$/);
  await expect(page.getByTestId('balance')).toHaveText('Nothing owed');
  const receipts = page.getByRole('link', { name: /Download PDF of receipt HM-R-\d{4}-\d{6}/ });
  // The activation's receipt and the renewal's.
  await expect(receipts).toHaveCount(2);
  const renewal = page
    .getByRole('listitem')
    .filter({ hasText: '₦121,000.00' })
    .filter({ has: page.getByRole('link', { name: /Download PDF of receipt/ }) });
  const number = /HM-R-\d{4}-\d{6}/.exec((await renewal.textContent()) ?? '')?.[0];
  expect(number).toBeTruthy();

  const [download] = await Promise.all([page.waitForEvent('download'), renewal.getByRole('link', { name: /Download PDF of receipt/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain(number!);
  expect(text).toContain('₦121,000.00');
  expect(text).toContain('Membership, 2 months');
  await staff.context().close();
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('staff record a fine; the member sees it on the payments page, pays it with a slip, staff approve, and the balance is back to nothing', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const errors = watchConsole(page);
  const member = await activatedMember(page, mailbox);

  const { page: staff } = await staffConsole(browser, { baseURL });
  await staff.goto('/admin/members');
  await staff.getByRole('searchbox').fill(member.email);
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.locator('tbody tr')).toHaveCount(1);
  await staff.getByRole('link', { name: member.name }).click();
  await expect(staff.getByTestId('membership-state')).toHaveText('Active');

  const fineForm = staff.getByRole('form', { name: 'Record a fine' });
  await fineForm.getByLabel('Fine (from the terms)').selectOption('missed-meeting');
  await expect(fineForm.getByTestId('fine-amount')).toHaveText('₦20,000.00');
  // A reason is required: the server's message shows where staff look, and nothing is recorded.
  await fineForm.getByLabel('Reason (the member sees it)').fill('   ');
  await fineForm.getByRole('button', { name: 'Record fine of ₦20,000.00' }).click();
  await expect(fineForm.getByRole('alert')).toHaveText('Reason is required');
  await fineForm.getByLabel('Reason (the member sees it)').fill('Missed the November members’ meeting');
  await fineForm.getByRole('button', { name: 'Record fine of ₦20,000.00' }).click();
  await expect(staff.getByTestId('member-balance')).toHaveText('Owes ₦20,000.00');
  await expect(staff.getByRole('region', { name: 'Notifications sent' })).toContainText('You have been fined ₦20,000.00');
  await expectAccessible(staff);

  // The dashboard says what is owed and how to pay, and leads to the fine's own page.
  await page.goto('/profile');
  const owed = page.getByRole('region', { name: 'You owe a fine of ₦20,000.00' });
  await expect(owed).toContainText('Fine (Missing a meeting): Missed the November members’ meeting. Pay by bank transfer');

  // Closing the account is refused while the fine is owed: the dialog says how much, and leads to where it is paid.
  await page.getByRole('button', { name: 'Terminate Account' }).click();
  const closing = page.getByRole('dialog', { name: 'Terminate account' });
  await closing.getByLabel('Current password').fill(member.password);
  await closing.getByRole('button', { name: 'Terminate' }).click();
  await expect(closing.getByRole('alert')).toHaveText(
    'You owe ₦20,000.00 (1 unpaid fine). Pay it from Payments (/profile/payments) before closing your account.',
  );
  await closing.getByRole('link', { name: 'Go to Payments' }).click();
  await expect(page).toHaveURL(/\/profile\/payments$/);
  await page.goto('/profile');

  await owed.getByRole('link', { name: 'Pay this fine' }).click();
  await expect(page).toHaveURL(/\/profile\/payments\/fines\/[0-9a-f-]+$/);

  await page.goto('/profile/payments');
  await expect(page.getByTestId('balance')).toHaveText('You owe ₦20,000.00');
  await expect(page.getByText('Fine (Missing a meeting): Missed the November members’ meeting')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /^Pay this fine/ }).click();
  await expect(page).toHaveURL(/\/profile\/payments\/fines\/[0-9a-f-]+$/);
  await expect(page.getByRole('button', { name: 'Upload slip for ₦20,000.00' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Payment slip (photo or PDF, at most 5 MB)').setInputFiles(tinyPng());
  await page.getByRole('button', { name: 'Upload slip for ₦20,000.00' }).click();
  await expect(page.getByText('Slip received.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to payments' }).click();
  await expect(page.getByText('Slip under review')).toBeVisible();

  await approveSlipOf(staff, member.email);
  await mailbox.waitFor((m) => m.to.includes(member.email.toLowerCase()) && /Fine payment approved/.test(m.subject));

  await page.reload();
  await expect(page.getByTestId('balance')).toHaveText('Nothing owed');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download PDF of receipt HM-R-\d{4}-\d{6}/ })).toHaveCount(2);
  // Each receipt says how its money was confirmed, as its PDF does.
  await expect(page.getByText(/^Slip approved by .+ \(admin\)$/)).toHaveCount(2);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('region', { name: /You owe/ })).toHaveCount(0);
  await staff.context().close();
  // 409: the account close refused while the fine was owed.
  expect(unexpectedErrors(errors, [401, 409])).toEqual([]);
});
