import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, type Browser, type BrowserContextOptions, expect, type Locator, type Page, request } from '@playwright/test';
import { ADMIN, type Mailbox, newMember } from './fixtures';

export interface MemberDetails {
  name: string;
  email: string;
  phone: string;
  dob: string;
  password: string;
}

/** Fills the whole sign-up form as a visitor would and submits it; ends on /profile. */
export async function signUpThroughForm(page: Page, member: MemberDetails): Promise<void> {
  await page.goto('/signup');
  const form = page.locator('form');
  await form.locator('[name="name"]').fill(member.name);
  await form.locator('[name="email"]').fill(member.email);
  await form.locator('[name="phone"]').fill(member.phone);
  await form.locator('[name="dob"]').fill(member.dob);
  await form.locator('[name="maritalStatus"]').selectOption('single');
  await form.locator('[name="industry"]').selectOption('movie');
  await form.locator('[name="countryOfOrigin"]').selectOption('Nigeria');
  await form.locator('[name="stateOfOrigin"]').selectOption('Lagos');
  await form.locator('[name="occupation"]').fill('Actress');
  await form.locator('[name="address"]').fill('12 Allen Avenue, Ikeja');
  await form.locator('[name="password"]').fill(member.password);
  await form.locator('[name="confirmPassword"]').fill(member.password);
  await form.locator('[name="acceptTerms"]').check();
  await form.locator('[name="acceptMarketing"]').check();
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or phone').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Collects what a journey must not meet: console errors (CSP violations are reported there),
 * page errors, and every 5xx answer of the server, whatever the page made of it.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`server answered ${response.status()} to ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

/**
 * The errors a journey did not expect. The browser logs each refused request; those the journey
 * provokes on purpose are named by status (401: the session probe of a visitor). A 5xx never is.
 */
export function unexpectedErrors(errors: string[], expectedRefusals: number[] = [401]): string[] {
  const refusals = expectedRefusals.filter((status) => status >= 400 && status < 500);
  return errors.filter((text) => !refusals.some((status) => text.includes(`Failed to load resource: the server responded with a status of ${status} `)));
}

/** A valid 1x1 PNG written to a temporary file. */
export function tinyPng(): string {
  const file = path.join(tmpdir(), `avatar-${process.pid}-${Date.now()}.png`);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  writeFileSync(file, png);
  return file;
}

/** The XSRF-TOKEN cookie of a page's browser context, for API calls made with page.request. */
export async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  let cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await page.request.get('/api/users/profile');
    cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  }
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

/**
 * A new member signed up through the form and activated the quick way, through the API with the
 * page's own session: email code from the mailbox, slip upload, staff approval (a separate staff
 * session), OTP from the mailbox, activation. Ends signed in, on /profile, with status true.
 */
export async function activatedMember(page: Page, mailbox: Mailbox): Promise<MemberDetails> {
  const member = newMember();
  await signUpThroughForm(page, member);
  const ok = async (response: APIResponse) => {
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const headers = await xsrfHeader(page);
  await ok(await page.request.post('/api/users/verify-email', { headers, data: { email: member.email } }));
  const code = await mailbox.codeFor(member.email, /verification code/);
  const { userId } = await ok(await page.request.post('/api/users/verify-code', { headers, data: { email: member.email, code } }));
  const { paymentId } = await ok(
    await page.request.post('/api/users/upload-slip', {
      headers,
      multipart: { email: member.email, userId: String(userId), paymentSlip: { name: 'slip.png', mimeType: 'image/png', buffer: pngBytes() } },
    }),
  );

  const staff = await staffApi(new URL(page.url()).origin);
  await ok(await staff.post(`/api/admin/payments/${String(paymentId)}/approve`, { data: { months: 1 } }));
  await staff.dispose();

  const otp = await mailbox.codeFor(member.email, /OTP/);
  await ok(await page.request.post('/api/users/activate-profile', { headers, data: { userId, otp } }));
  await page.goto('/profile');
  return member;
}

/**
 * The staff account signed in on the console through the login page, in a browser context of its
 * own (`options`: its baseURL, viewport, downloads, camera): its page, and what that page met from
 * the start (watchConsole). Close `page.context()` after use.
 */
export async function staffConsole(browser: Browser, options: BrowserContextOptions): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext(options)).newPage();
  const errors = watchConsole(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  // Signed in once the console opens: going on before would cancel the sign-in's request.
  await expect(page).toHaveURL(/\/admin$/);
  return { page, errors };
}

/** The staff account signed in through the API, in a context of its own; its calls carry the XSRF header. Dispose of it after use. */
export async function staffApi(origin: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: origin });
  await anonymous.get('/api/users/profile');
  const token = async (context: APIRequestContext) =>
    decodeURIComponent((await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const login = await anonymous.post('/api/users/login', {
    headers: { 'X-XSRF-TOKEN': await token(anonymous) },
    data: { email: ADMIN.email, phone: ADMIN.email, password: ADMIN.password },
  });
  expect(login.ok(), `staff login answered ${login.status()}`).toBe(true);
  const state = await anonymous.storageState();
  await anonymous.dispose();
  const signedIn = await request.newContext({ baseURL: origin, storageState: state });
  const staff = await request.newContext({ baseURL: origin, storageState: state, extraHTTPHeaders: { 'X-XSRF-TOKEN': await token(signedIn) } });
  await signedIn.dispose();
  return staff;
}

export function pngBytes(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

/** A small valid PDF written to a temporary file (documents accept PDFs). */
export function tinyPdf(): string {
  const file = path.join(tmpdir(), `doc-${process.pid}-${Date.now()}.pdf`);
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  writeFileSync(file, body);
  return file;
}

/** Opens a console section as staff do: from the tabs, or from the More menu for the ones kept there. */
export async function openConsoleSection(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav).toBeVisible();
  const link = nav.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) await nav.getByText('More', { exact: true }).click();
  await link.click();
}

/**
 * Waits until React has taken over `element` (it marks each element it owns with its own
 * properties). The pointer is moved over it first, as a visitor's: a page read without its code
 * starts it at the visitor's first use (PAGES_USED_WITHOUT_CODE).
 */
export async function takenOverByReact(element: Locator): Promise<void> {
  await element.hover();
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps')))).toBe(true);
}
