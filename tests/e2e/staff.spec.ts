import { generate } from 'otplib';
import { ADMIN, expect, journeyBudget, test } from './fixtures';
import { openConsoleSection, signIn } from './helpers';

const MODERATOR = { name: 'Ngozi Eze', email: 'ngozi.moderator@example.com', password: 'moderator-pass-7' };

test('an admin invites a moderator, who sets a password, turns on two-factor sign-in and signs in with it', async ({ page, browser, baseURL, mailbox }) => {
  // About 54 s on a busy two-core machine: an invitation, a password, two-factor set-up and two sign-ins.
  test.setTimeout(journeyBudget(120_000));
  await signIn(page, ADMIN.email, ADMIN.password);
  // Staff land on the console, not on a member dashboard.
  await expect(page).toHaveURL(/\/admin$/);

  await openConsoleSection(page, 'Staff');
  // Each change to the staff asks for the admin's password again.
  await page.getByLabel('Your password').fill(ADMIN.password);
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('Name').fill(MODERATOR.name);
  await invite.getByLabel('Email').fill(MODERATOR.email);
  await invite.getByLabel('Role').selectOption('moderator');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('row', { name: MODERATOR.name });
  await expect(row).toContainText('Invited');
  await expect(row.getByLabel(`Role of ${MODERATOR.name}`)).toHaveValue('moderator');

  // The invitee chooses a password with the emailed code, as the password reset page sends it.
  const code = await mailbox.codeFor(MODERATOR.email, /invited/);
  const invitee = await browser.newContext({ baseURL });
  const moderator = await invitee.newPage();
  await moderator.request.get('/api/users/profile');
  const xsrf = (await invitee.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reset = await moderator.request.post('/api/users/password/reset', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: { identifier: MODERATOR.email, code, password: MODERATOR.password, confirmPassword: MODERATOR.password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await invitee.clearCookies();

  // A moderator's console opens on its home and has no payments.
  await signIn(moderator, MODERATOR.email, MODERATOR.password);
  await expect(moderator).toHaveURL(/\/admin$/);
  await expect(moderator.getByRole('link', { name: 'Payments' })).toHaveCount(0);

  await openConsoleSection(moderator, 'Two-factor sign-in');
  await moderator.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(moderator.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await moderator.getByTestId('totp-secret').textContent()) ?? '';
  const now = Math.floor(Date.now() / 1000);
  // One step back for enrolling, the current step for signing in: each code is good once.
  await moderator.getByLabel('Code from the app').fill(await generate({ secret, epoch: now - 30 }));
  await moderator.getByLabel('Your password').fill(MODERATOR.password);
  await moderator.getByRole('button', { name: 'Turn on' }).click();
  await expect(moderator.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

  await moderator.getByRole('button', { name: 'Sign out' }).click();
  await signIn(moderator, MODERATOR.email, MODERATOR.password);
  await expect(moderator).toHaveURL(/\/login\/2fa$/);
  await moderator.getByLabel('Code').fill('000000');
  await moderator.getByRole('button', { name: 'Sign in' }).click();
  await expect(moderator.getByRole('alert')).toContainText('4 tries left');
  await moderator.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await moderator.getByRole('button', { name: 'Sign in' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);

  // A reset with the emailed code changes the password, and the authenticator is still asked for.
  await moderator.getByRole('button', { name: 'Sign out' }).click();
  await expect(moderator).toHaveURL(/\/login$/);
  await moderator.goto('/forgot-password');
  await moderator.getByLabel('Email or phone').fill(MODERATOR.email);
  await moderator.getByRole('button', { name: 'Send code' }).click();
  await moderator.getByLabel('6-digit code').fill(await mailbox.codeFor(MODERATOR.email, /password reset code/i));
  await moderator.getByLabel('New password', { exact: true }).fill('moderator-reset-8');
  await moderator.getByLabel('Confirm new password').fill('moderator-reset-8');
  await moderator.getByRole('button', { name: 'Set new password' }).click();
  await expect(moderator).toHaveURL(/\/login\/2fa$/);
  await expect(moderator.getByText('Your password was changed. Enter the 6-digit code')).toBeVisible();
  // The next 30-second step: the code just used does not sign in twice.
  await moderator.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await moderator.getByRole('button', { name: 'Sign in' }).click();
  await expect(moderator).toHaveURL(/\/admin$/);
  await invitee.close();

  // The admin sees the moderator's sign-in and two-factor state, and the trail of it all.
  await page.reload();
  await expect(row).toContainText('On');
  await openConsoleSection(page, 'Audit log');
  // The trail reads as sentences, who did what to whom: this moderator's invitation (other journeys on
  // the same portal invite staff too) and their own two-factor set-up, without ids or JSON.
  await expect(page.getByRole('cell', { name: `Administrator (admin) invited ${MODERATOR.email} as moderator.`, exact: true })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: `${MODERATOR.name} (moderator) turned on two-factor sign-in for their own account.`, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('table').getByText(/[0-9a-f]{8}-[0-9a-f]{4}-|[{}]/)).toHaveCount(0);
  await page.getByLabel('Action').selectOption({ label: 'Staff invited' });
  await expect(page).toHaveURL(/action=staff\.invite/);
});
