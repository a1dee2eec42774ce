import { ADMIN, expect, newMember, test } from './fixtures';
import { signIn, signUpThroughForm, watchConsole } from './helpers';

/** Errors that are expected answers, not faults: the anonymous session check and the refused attempts. */
const EXPECTED = /401 \(Unauthorized\)|400 \(Bad Request\)|403 \(Forbidden\)|Failed to load resource/;

/** 0805 123 4567 as +234 805 123 4567: another spelling of the same number. */
function internationalSpelling(localPhone: string): string {
  const digits = localPhone.slice(1);
  return `+234 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

test('a member who forgot the password gets a code by email, sets a new one and is signed in', async ({ page, mailbox }) => {
  const errors = watchConsole(page);
  const member = newMember();
  await signUpThroughForm(page, member);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();

  // An address with no account gets the same answer as one with an account.
  await page.getByLabel('Email or phone').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'we have emailed it a 6-digit code' });
  await expect(notice).toBeVisible();
  const answerForNobody = await notice.textContent();
  await page.getByRole('button', { name: 'Use another email or phone' }).click();

  const phone = internationalSpelling(member.phone);
  await page.getByLabel('Email or phone').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(notice).toHaveText(answerForNobody ?? '');
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  const code = await mailbox.codeFor(member.email, /password reset code/i);

  // A wrong code is refused next to the code field, and the message stays until the code is changed.
  const wrongCode = code === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code').fill(wrongCode);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password-2');
  await page.getByLabel('Confirm new password').fill('brand-new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  const codeField = page.locator('.field').filter({ has: page.getByLabel('6-digit code') });
  await expect(codeField.getByRole('alert')).toContainText('That code is not right.');

  await page.getByLabel('6-digit code').fill(code);
  await expect(codeField.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your password was changed and you are signed in.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, member.email, member.password);
  await expect(page.locator('form').getByRole('alert')).toContainText(/credentials|password/i);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, phone, 'brand-new-password-2');
  await expect(page).toHaveURL(/\/profile$/);

  expect(errors.filter((text) => !EXPECTED.test(text))).toEqual([]);
});

test('signing in leads back to the page a guard stopped: the plan chosen on /services, a console page', async ({ page }) => {
  const errors = watchConsole(page);
  const member = newMember();
  await signUpThroughForm(page, member);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/services');
  await page.getByRole('link', { name: 'Get started with the Premium Plan' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Ffees%3Fplan%3Dpremium$/);
  await page.getByLabel('Email or phone').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/fees\?plan=premium$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Membership fee and activation' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Only this site's paths are followed: another host leads to the dashboard.
  await page.goto('/login?next=%2F%5Cevil.example');
  await page.getByLabel('Email or phone').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/admin/members');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fmembers$/);
  await page.getByLabel('Email or phone').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);

  expect(errors.filter((text) => !EXPECTED.test(text))).toEqual([]);
});

test('a new email needs the current password and takes effect once the code sent to it is entered', async ({ page, mailbox }) => {
  const errors = watchConsole(page);
  const member = newMember();
  const newEmail = `moved.${member.email}`;
  await signUpThroughForm(page, member);
  await page.goto('/editprofile');

  const currentPassword = page.getByLabel('Current password');
  await expect(currentPassword).toHaveCount(0);
  await page.getByLabel('Title').fill('Lead Actress');
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const currentPasswordField = page.locator('.field').filter({ has: currentPassword });
  await expect(currentPasswordField.getByRole('alert')).toHaveText('Enter your current password');
  await expect(currentPassword).toBeFocused();

  await currentPassword.fill('not-my-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(currentPasswordField.getByRole('alert')).toHaveText('Your current password is not right.');

  await currentPassword.fill(member.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const pending = page.getByRole('region', { name: 'Confirm your new email' });
  await expect(pending).toContainText(`We sent a code to ${newEmail}. Enter it to confirm the change; until then we keep using ${member.email}.`);
  await expect(page).toHaveURL(/\/editprofile$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(currentPassword).toHaveCount(0);

  const code = await mailbox.codeFor(newEmail, /Confirm your new email/);
  const codeInput = pending.getByLabel('Confirmation code');
  await expect(codeInput).toBeFocused();
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await pending.getByRole('button', { name: 'Confirm' }).click();
  await expect(pending.getByRole('alert')).toBeVisible();
  await codeInput.fill(code);
  await pending.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your new email address is confirmed.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, newEmail, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('#overview').getByText(newEmail)).toBeVisible();

  expect(errors.filter((text) => !EXPECTED.test(text))).toEqual([]);
});
