import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, newMember, test } from './fixtures';
import { signIn, signUpThroughForm, staffApi, tinyPng, unexpectedErrors, watchConsole } from './helpers';

/** Screenshots to look at, at a phone's width and a desktop's, when SUBMISSIONS_SHOTS_DIR names a folder. */
async function shots(page: Page, name: string, shown: string): Promise<void> {
  const dir = process.env.SUBMISSIONS_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator(shown).scrollIntoViewIfNeeded();
    await page.waitForTimeout(400); // the layout settles at the new width
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

const WAITING = 'Waiting for connection, we will send it when you are back online.';

async function fillEventDetails(page: Page) {
  await page.locator('[name="registrationNumber"]').fill('REG-2024-117');
  await page.locator('[name="companyId"]').fill('HMM-0042');
  await page.locator('[name="selectedEvent"]').selectOption({ label: 'Orphanage visitation' });
  await page.locator('[name="amountPaid"]').fill('15000');
  await page.locator('[name="paymentDate"]').fill('2024-11-02');
}

async function eventSubmissions(page: Page): Promise<number> {
  const answer = (await (await page.request.get('/api/users/submissions')).json()) as { submissions: { form: string }[] };
  return answer.submissions.filter((submission) => submission.form === 'event').length;
}

async function draftKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')));
}

test('a form sent while the phone is offline waits for the connection, then is sent and stored once', async ({ page, context }) => {
  const errors = watchConsole(page);
  await signUpThroughForm(page, newMember());
  await page.goto('/eventform');
  await fillEventDetails(page);
  for (const field of ['tellerImage', 'passportImage', 'signatureImage']) await page.locator(`[name="${field}"]`).setInputFiles(tinyPng());

  const sentKeys: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/users/eventform')) sentKeys.push(request.headers()['idempotency-key'] ?? '');
  });
  await context.setOffline(true);
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
  await expect(page.locator('form').getByRole('button', { name: /Submitting/ })).toBeDisabled();
  // Not a percentage that never moves: the page says what it waits for.
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  await shots(page, 'waiting-for-connection', '.submission-status');

  await context.setOffline(false);
  await expect(page.getByText('Form submitted successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(new Set(sentKeys).size).toBe(1);
  expect(sentKeys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(await eventSubmissions(page)).toBe(1);
  expect(await draftKeys(page)).toEqual([]);
  expect(unexpectedErrors(errors).filter((text) => !text.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

test('a message whose answer is lost with the connection is sent again with its key when the phone is back, and stored once', async ({
  page,
  context,
  baseURL,
}) => {
  const email = `lost-answer-${Date.now()}@example.com`;
  await page.goto('/contact');
  await page.getByLabel('First name').fill('Ngozi');
  await page.getByLabel('Last name').fill('Adeyemi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByLabel('Type of enquiry').selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Message' }).fill('When is the next casting day in Lagos?');

  // The first request reaches the server and is stored; the phone loses its connection before the answer arrives.
  const sentKeys: string[] = [];
  await page.route('**/api/contact', async (route) => {
    sentKeys.push(route.request().headers()['idempotency-key'] ?? '');
    if (sentKeys.length > 1) return route.continue();
    const stored = await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
    expect(stored.status()).toBe(201);
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();

  const replayed = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
  await context.setOffline(false);
  const answer = await replayed;
  expect(answer.status()).toBe(201);
  expect(await answer.headerValue('idempotent-replayed')).toBe('true');
  await expect(page.getByText('Thank you for contacting us').first()).toBeVisible();
  expect(sentKeys).toHaveLength(2);
  expect(sentKeys[1]).toBe(sentKeys[0]);

  const staff = await staffApi(baseURL!);
  const inbox = (await (await staff.get('/api/admin/messages?filter=all')).json()) as { messages: { email: string }[] };
  await staff.dispose();
  expect(inbox.messages.filter((message) => message.email === email)).toHaveLength(1);
});

test('what a member typed survives a reload, is kept under their id, and is gone after sign-out', async ({ page }) => {
  const errors = watchConsole(page);
  const member = newMember();
  await signUpThroughForm(page, member);
  await page.goto('/eventform');
  await expect(page.getByRole('heading', { name: 'Event Form' })).toBeVisible();
  await expect(page.getByText('We kept what you typed')).toHaveCount(0);
  await fillEventDetails(page);
  await page.locator('[name="tellerImage"]').setInputFiles(tinyPng());

  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'We kept what you typed on this device. Files are not kept: choose them again before you send.' }),
  ).toBeVisible();
  await expect(page.locator('[name="companyId"]')).toHaveValue('HMM-0042');
  await expect(page.locator('[name="selectedEvent"]')).toHaveValue('orphanage');
  await expect(page.locator('[name="amountPaid"]')).toHaveValue('15000');
  await expect(page.locator('[name="paymentDate"]')).toHaveValue('2024-11-02');
  await shots(page, 'draft-restored', '.member-form__prefilled');
  // The profile's own values are still there under the draft.
  await expect(page.locator('[name="firstName"]')).not.toHaveValue('');
  const kept = await draftKeys(page);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatch(/^draft:[0-9a-f-]{36}:form:event$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), kept[0]!)).not.toContain('png');

  // Another member on the same phone: a form of their own, empty.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await draftKeys(page)).toEqual([]);

  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/eventform');
  await expect(page.getByRole('heading', { name: 'Event Form' })).toBeVisible();
  await expect(page.locator('[name="companyId"]')).toHaveValue('');
  await expect(page.getByText('We kept what you typed')).toHaveCount(0);
  expect(unexpectedErrors(errors)).toEqual([]);
});
