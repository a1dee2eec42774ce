import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import yauzl from 'yauzl';
import { expect, newMember, test } from './fixtures';
import { signUpThroughForm, unexpectedErrors, watchConsole } from './helpers';

/** Screenshots for a human look, only when PRIVACY_SHOTS_DIR is set. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PRIVACY_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('a 12-year-old signs up with a guardian, waits, and the guardian confirms from the email', async ({ page, browser, baseURL, mailbox }) => {
  const errors = watchConsole(page);
  const child = { ...newMember(), name: 'Tobi Adeyemi', dob: format(subYears(new Date(), 12), 'yyyy-MM-dd') };
  const guardianEmail = `guardian-${child.email}`;

  await page.goto('/signup');
  const form = page.locator('form');
  await expect(form.getByText('Your parent or guardian')).toHaveCount(0);
  await form.locator('[name="name"]').fill(child.name);
  await form.locator('[name="email"]').fill(child.email);
  await form.locator('[name="phone"]').fill(child.phone);
  await form.locator('[name="dob"]').fill(child.dob);
  await expect(form.getByRole('group', { name: 'Your parent or guardian' })).toBeVisible();
  // A child is asked no marital status, and no marketing consent: the guardian decides.
  await expect(form.locator('[name="maritalStatus"]')).toHaveCount(0);
  await expect(form.locator('[name="acceptMarketing"]')).toHaveCount(0);
  await form.locator('[name="industry"]').selectOption('movie');
  await form.locator('[name="countryOfOrigin"]').selectOption('Nigeria');
  await form.locator('[name="stateOfOrigin"]').selectOption('Lagos');
  await form.locator('[name="occupation"]').fill('Student');
  await form.locator('[name="address"]').fill('12 Allen Avenue, Ikeja');
  await form.locator('[name="password"]').fill(child.password);
  await form.locator('[name="confirmPassword"]').fill(child.password);
  await form.locator('[name="acceptTerms"]').check();

  // Without the guardian the form says what is missing, next to the field.
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByText('You are under 18: please give your parent or guardian’s full name.')).toBeVisible();
  await form.getByLabel('Their full name').fill('Funmi Adeyemi');
  await form.getByLabel('How they are related to you').fill('Mother');
  await form.getByLabel('Their email').fill(guardianEmail);
  await form.getByLabel('Their phone').fill('0803 555 0101');
  await shot(page, 'signup-guardian');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Until the guardian confirms, the dashboard says what is awaited, nothing about paying, and offers the guardian's mail again.
  const notice = page.getByRole('region', { name: 'Waiting for your parent or guardian' });
  await expect(notice).toContainText(`Funmi Adeyemi (${guardianEmail})`);
  await expect(page.getByText('Next step: pay the membership fee')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pay the fee' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'pay the fee' })).toHaveCount(0);
  await notice.getByRole('button', { name: 'Send Funmi Adeyemi the email again' }).click();
  // The sign-up mailed them a moment ago: the server's answer is shown where the button is.
  await expect(notice.getByRole('alert')).toHaveText('A code was sent less than a minute ago. Please check your email or wait a minute.');

  // Where they would pay: the same, and no bank details, no upload.
  await page.goto('/user/fees');
  await expect(page.getByRole('heading', { name: 'Waiting for your parent or guardian' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Pay in naira|Pay the membership fee|Upload your payment slip/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Your progress' })).toHaveCount(0);

  const mail = await mailbox.waitFor((m) => m.to.includes(guardianEmail) && /Please confirm Tobi Adeyemi's account/.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const link = /(\/guardian\?child=[0-9a-f-]{36})/.exec(mail.text)?.[1];
  expect(code).toBeTruthy();
  expect(link).toBeTruthy();

  const guardianContext = await browser.newContext({ baseURL });
  const guardian = await guardianContext.newPage();
  await guardian.goto(link!);
  // The page names the child whose account it confirms.
  await expect(guardian.getByRole('heading', { name: 'Confirm Tobi Adeyemi’s account' })).toBeVisible();
  await expect(guardian.getByText('Tobi Adeyemi named you as their parent or guardian')).toBeVisible();
  await guardian.getByLabel('Code from the email').fill(code!);
  await guardian.getByLabel(/I am this child’s parent or guardian/).check();
  await guardian.getByLabel(/may publish a talent profile/).check();
  await guardian.getByRole('button', { name: 'Confirm' }).click();
  await expect(guardian.getByText("Tobi Adeyemi's account is confirmed")).toBeVisible();
  await guardianContext.close();

  await page.goto('/profile/privacy');
  await expect(page.getByText('Funmi Adeyemi confirmed your account')).toBeVisible();
  // The sign-up's marketing tick of a child is not consent: the choice is theirs from 18.
  await expect(page.getByText('You are under 18, so we send you no marketing emails.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me marketing emails' })).toHaveCount(0);
  await page.goto('/user/fees');
  await expect(page.getByRole('heading', { name: 'Membership fee and activation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for your parent or guardian' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Next step: pay the membership fee' })).toBeVisible();
  expect(unexpectedErrors(errors, [401, 400, 429])).toEqual([]);
});

test('a member downloads their data, stops marketing emails and reads the privacy page', async ({ page }, testInfo) => {
  const errors = watchConsole(page);
  const member = newMember();
  await signUpThroughForm(page, member);
  await page.getByRole('link', { name: 'Privacy and my data' }).click();
  await expect(page).toHaveURL(/\/profile\/privacy$/);
  await expect(page.getByText('Nobody at the company has opened your documents.')).toBeVisible();

  await page.getByRole('button', { name: 'Stop marketing emails' }).click();
  await expect(page.getByText('You do not get our news and offers by email.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me marketing emails' })).toBeVisible();
  await shot(page, 'profile-privacy');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = testInfo.outputPath('my-data.zip');
  await download.saveAs(file);
  const names = await zipEntries(file);
  expect(names).toEqual(
    expect.arrayContaining([
      'README.txt',
      'data/profile.json',
      'data/consents.json',
      'data/payments.json',
      'data/submissions.json',
      'data/audit_entries.json',
      'data/file_access_log.json',
    ]),
  );

  await page.goto('/terms-and-conditions');
  await page.getByRole('link', { name: 'how we look after your data' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy: how we look after your data' })).toBeVisible();
  await expect(page.getByText(/within 72 hours/)).toBeVisible();
  await shot(page, 'privacy-policy');
  expect(unexpectedErrors(errors)).toEqual([]);
});
