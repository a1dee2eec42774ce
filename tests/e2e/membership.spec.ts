import { expect, newMember, phoneViewport, test } from './fixtures';
import { signUpThroughForm, staffConsole, tinyPng, unexpectedErrors, watchConsole } from './helpers';

test('a member pays, staff approve the slip, and the OTP from the email activates the profile', async ({ page, browser, baseURL, mailbox }) => {
  const errors = watchConsole(page);
  await phoneViewport(page);
  const member = newMember();
  await signUpThroughForm(page, member);

  await page.goto('/user/fees?plan=premium');
  await expect(page.getByRole('heading', { name: 'Pay the membership fee' })).toBeVisible();
  await expect(page.getByText('₦60,500.00', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Premium Plan')).toBeVisible();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = await mailbox.codeFor(member.email, /verification code/);
  await page.locator('[name="code"]').fill(code);
  await page.getByRole('button', { name: 'Confirm email' }).click();

  await page.locator('[name="paymentSlip"]').setInputFiles(tinyPng());
  await page.getByRole('button', { name: 'Upload slip' }).click();
  await expect(page.getByText('Payment slip uploaded successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Slip received, under review' })).toBeVisible();

  // A page reloaded mid-way comes back where the member is.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Slip received, under review' })).toBeVisible();

  const { page: staff } = await staffConsole(browser, { baseURL });
  await staff.goto('/admin');
  await staff.getByRole('link', { name: /payment slips? to review/ }).click();
  await expect(staff).toHaveURL(/\/admin\/payments$/);
  const card = staff.getByRole('listitem', { name: `Payment of ${member.name}` }).filter({ hasText: member.email });
  await expect(card).toContainText('Premium Plan');
  await expect(card.getByRole('img', { name: 'Payment slip' })).toBeVisible();
  // The member chose 1 month; finance may book another number only with a reason the member sees.
  await card.locator('[name="months"]').selectOption('3');
  await expect(card.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await card.getByLabel(/Reason for changing the 1 month the member chose/).fill('The bank statement shows three months paid.');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Payment approved for 3 months.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await staff.context().close();

  const otp = await mailbox.codeFor(member.email, /OTP/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Approved: enter the code we emailed' })).toBeVisible();
  await page.locator('[name="otp"]').fill(otp);
  await page.getByRole('button', { name: 'Activate Profile' }).click();
  await expect(page.getByText('Profile activated successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  // The dashboard follows without a reload: the card with the member number, no step left to take.
  await expect(page.locator('.member-card__number')).toHaveText(/^HM-\d{6}$/);
  await expect(page.getByRole('region', { name: /Approved: enter the code we emailed|Next step/ })).toHaveCount(0);
  const profile = await page.request.get('/api/users/profile');
  expect((await profile.json()).user.status).toBe(true);

  await page.goto('/notifications');
  const notes = page.locator('.notifications__item');
  await expect(notes).toHaveCount(3);
  await expect(notes.first()).toContainText('Your profile is active');

  expect(unexpectedErrors(errors, [401, 409])).toEqual([]);
});

test('members are kept out of the staff console, and /notifications starts empty', async ({ page }) => {
  const member = newMember();
  await signUpThroughForm(page, member);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/notifications');
  await expect(page.getByText('no Notifications right now.')).toBeVisible();
});
