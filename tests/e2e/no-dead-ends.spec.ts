import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, journeyBudget, newMember, test } from './fixtures';
import { activatedMember, openConsoleSection, signUpThroughForm, staffConsole, takenOverByReact, unexpectedErrors, watchConsole, xsrfHeader } from './helpers';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Screenshots to look at, when NO_DEAD_ENDS_SHOTS_DIR names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.NO_DEAD_ENDS_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function expectAtTop(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBe(0);
}

test('every new page opens at its top on a phone, and Back returns to where the reader was', async ({ page, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);

  // After sign-up (the button is at the bottom of a long form), the dashboard opens at its top.
  await signUpThroughForm(page, newMember());
  await expectAtTop(page, 'Ngozi Adeyemi');

  // Get Started, far down the services page, opens the fee page with its heading in view.
  await page.goto('/services');
  const getStarted = page.getByRole('link', { name: 'Get started with the Standard plan' });
  await getStarted.scrollIntoViewIfNeeded();
  const onServices = await scrollY(page);
  expect(onServices).toBeGreaterThan(300);
  await getStarted.click();
  await expect(page).toHaveURL(/\/user\/fees/);
  await expectAtTop(page, /fee/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
  await expect.poll(() => scrollY(page)).toBe(onServices);

  // An activated member: Go to Form opens the form at its top; Back returns to the card.
  await page.context().clearCookies();
  await activatedMember(page, mailbox);
  const welfareCard = page.locator('#forms').getByRole('listitem', { name: 'Welfare Form' });
  await welfareCard.scrollIntoViewIfNeeded();
  const onDashboard = await scrollY(page);
  expect(onDashboard).toBeGreaterThan(200);
  await welfareCard.getByRole('link', { name: 'Go to Form' }).click();
  await expect(page).toHaveURL(/\/welfareform$/);
  await expectAtTop(page, /welfare/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
  await expect.poll(() => scrollY(page)).toBe(onDashboard);

  // After a form is sent (its button at the bottom), the dashboard opens at its top again.
  await welfareCard.getByRole('link', { name: 'Go to Form' }).click();
  await page.locator('[name="name"]').fill('Ngozi Adeyemi');
  await page.locator('[name="dob"]').fill('1990-05-17');
  await page.locator('[name="address"]').fill('12 Allen Avenue, Ikeja');
  await page.locator('[name="phone"]').fill('+2348031234567');
  await page.locator('[name="email"]').fill('ngozi.welfare@example.com');
  await page.locator('[name="benefits"]').selectOption({ label: 'Healthcare' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectAtTop(page, 'Ngozi Adeyemi');

  // A link to a section of a page opens at that section.
  await page.goto('/profile#achievements');
  await expect(page.getByRole('heading', { name: 'Achievements' })).toBeInViewport();
  expect(await scrollY(page)).toBeGreaterThan(200);

  expect(unexpectedErrors(errors)).toEqual([]);
});

test('a talent profile opens with its name in view, and Back returns to the same place in the directory', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  // Enough published talents that the directory scrolls on a phone.
  const stageNames: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.context().clearCookies();
    await activatedMember(page, mailbox);
    const headers = await xsrfHeader(page);
    const stageName = `Scroll Talent ${Date.now() % 100000}-${i}`;
    stageNames.push(stageName);
    const details = { category: 'model', stageName, bio: 'Runway and editorial work.', show: [] };
    expect((await page.request.put('/api/talent/me', { headers, data: { ...details, published: false } })).status()).toBe(200);
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7c2d12' } })
      .jpeg()
      .toBuffer();
    expect(
      (await page.request.post('/api/talent/me/photos', { headers, multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } } })).status(),
    ).toBe(201);
    expect((await page.request.put('/api/talent/me', { headers, data: { ...details, published: true } })).status()).toBe(200);
  }

  await visitTheDirectoryAndComeBack(browser, baseURL, stageNames[0]!, 'with the page taken over');
  // On a slow phone the reader scrolls the page the server drew before its scripts have arrived.
  await visitTheDirectoryAndComeBack(browser, baseURL, stageNames[0]!, 'scrolled before the scripts arrived');
});

/** A visitor on a phone scrolls the directory to a talent, opens the profile and comes Back. */
async function visitTheDirectoryAndComeBack(
  browser: Browser,
  baseURL: string | undefined,
  stageName: string,
  when: 'with the page taken over' | 'scrolled before the scripts arrived',
): Promise<void> {
  const visitorContext = await browser.newContext({ baseURL, viewport: PHONE });
  const visitor = await visitorContext.newPage();
  const errors = watchConsole(visitor);
  let releaseScripts = () => {};
  if (when === 'scrolled before the scripts arrived') {
    const scriptsMayGo = new Promise<void>((resolve) => (releaseScripts = resolve));
    await visitor.route('**/*.js', async (route) => {
      await scriptsMayGo;
      await route.continue();
    });
  }
  await visitor.goto('/talent', { waitUntil: 'commit' });
  const card = visitor.getByRole('link', { name: new RegExp(stageName) }).first();
  // Once React has the card, a tap is the app's own navigation.
  if (when === 'with the page taken over') await takenOverByReact(card);
  await card.scrollIntoViewIfNeeded();
  const inDirectory = await scrollY(visitor);
  expect(inDirectory).toBeGreaterThan(200);
  releaseScripts();
  await takenOverByReact(card);
  await card.click();
  await expect(visitor).toHaveURL(/\/talent\/[\w-]+$/);
  await expectAtTop(visitor, stageName);
  await shot(visitor, 'talent-profile');
  await visitor.goBack();
  await expect(visitor).toHaveURL(/\/talent$/);
  await expect.poll(() => scrollY(visitor), { message: `Back to the directory, ${when}` }).toBe(inDirectory);
  expect(unexpectedErrors(errors)).toEqual([]);
  await visitorContext.close();
}

test('a guard says why it sent the visitor to sign up, and members see no Sign up buttons on About', async ({ page }) => {
  test.setTimeout(journeyBudget(90_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Fabout$/);
  await expect(page.getByText('Sign up to see who we are and what members get.')).toBeVisible();
  await shot(page, 'signup-from-explore');

  await page.goto('/events');
  await expect(page).toHaveURL(/\/signup\?next=%2Fevents$/);
  await expect(page.getByText('Sign up to see our events and gallery: they are for members.')).toBeVisible();

  await page.goto('/welfareform');
  await expect(page).toHaveURL(/\/login\?next=%2Fwelfareform$/);
  await expect(page.getByText('Log in or sign up to fill in the Welfare Form.')).toBeVisible();

  // A plain visit to the sign-up page has no such note.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText(/^Sign up to see/)).toHaveCount(0);

  // Signed up from the About guard, the member lands on About: not one Sign up button.
  await page.goto('/signup?next=%2Fabout');
  await signUpFromHere(page);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sign up/i })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore' })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up/i })).toHaveCount(0);
  expect(unexpectedErrors(errors)).toEqual([]);
});

async function signUpFromHere(page: Page, member = newMember()): Promise<void> {
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
}

test('errors stay on the form until fixed, and a toast neither follows to the next page nor covers the button', async ({ page }) => {
  test.setTimeout(journeyBudget(90_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);

  // A refused sign-in: the reason under the form, no error toast; it stays until the member types again.
  await page.goto('/login');
  await page.getByLabel('Email or phone').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  const refusal = page.locator('form .form__error');
  await expect(refusal).toBeVisible();
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  await page.waitForTimeout(6000); // longer than a toast lasts
  await expect(refusal).toBeVisible();
  await page.getByLabel('Password').fill('wrong-password-2');
  await expect(refusal).toHaveCount(0);

  // A success toast is shown on a phone at the top, clear of the page's main button.
  await page.goto('/contact');
  await page.getByLabel('First name').fill('Ngozi');
  await page.getByLabel('Last name').fill('Adeyemi');
  await page.getByLabel('Email').fill('ngozi.contact@example.com');
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByLabel('Type of enquiry').selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Message' }).fill('When is the next casting day in Lagos?');
  const send = page.getByRole('button', { name: 'Send message' });
  await send.click();
  const toast = page.locator('.Toastify__toast--success');
  await expect(toast).toBeVisible();
  // Measured where it comes to rest: it slides in from off the screen.
  await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await shot(page, 'toast-on-phone');
  const toastBox = (await toast.boundingBox())!;
  const buttonBox = (await send.boundingBox())!;
  const overlaps = toastBox.y < buttonBox.y + buttonBox.height && buttonBox.y < toastBox.y + toastBox.height;
  expect(overlaps, `toast ${JSON.stringify(toastBox)} button ${JSON.stringify(buttonBox)}`).toBe(false);
  expect(toastBox.y).toBeLessThan(PHONE.height / 3);

  // The toast ends with its page.
  await page.locator('footer').getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);

  // A form refused by the server keeps what was typed and says why above its button.
  const member = newMember();
  await signUpThroughForm(page, member);
  await page.context().clearCookies();
  await page.goto('/signup');
  await signUpFromHere(page, member);
  await expect(page.locator('form .form__error, form .field__error').first()).toBeVisible();
  await expect(page.locator('[name="email"]')).toHaveValue(member.email);
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  expect(unexpectedErrors(errors, [400, 401, 409])).toEqual([]);
});

test('the contact page shows no invented reviews and no placeholder details; an admin sets the company details and every page shows them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyBudget(90_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Send a message' })).toBeVisible();
  await expect(page.getByText('What our customers say')).toHaveCount(0);
  await expect(page.getByText(/Chiamaka|Tunde B\.|Aisha M\./)).toHaveCount(0);
  // Nothing configured in this portal's environment: no offices, no placeholder anywhere.
  await expect(page.getByRole('heading', { name: 'Our offices' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/to be announced|Example Bank|0000000000|info@example\.com|\+234 800 000 0000/);

  const { page: admin, errors: adminErrors } = await staffConsole(browser, { baseURL, viewport: DESKTOP });
  // The console's sections fit on one line at 1280 px.
  await expect(admin.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  const tabs = admin.getByRole('navigation', { name: 'Console sections' }).locator(':scope > .admin__tab, :scope > details > summary');
  const tops = await tabs.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(5);
  expect(new Set(tops).size).toBe(1);
  await shot(admin, 'console-nav');

  await openConsoleSection(admin, 'Settings');
  await expect(admin).toHaveURL(/\/admin\/settings$/);
  await admin.getByLabel('Email').fill('not an email');
  await admin.getByRole('button', { name: 'Save company details' }).click();
  await expect(admin.getByText('Email must be a valid email address')).toBeVisible();
  await admin.getByLabel('Email').fill('hello@homeofmovies.ng');
  await admin.getByLabel('Phone').fill('+234 803 123 4567');
  await admin.getByLabel('Naira account').fill('Bank: GTBank | Account name: Home of Movies Ltd | Account number: 0123456789');
  await admin.getByRole('button', { name: 'Add an office' }).click();
  await admin.getByLabel('Office 1: name').fill('Lagos');
  await admin.getByLabel('Office 1: address').fill('5 Bourdillon Road, Ikoyi');
  await admin.getByRole('button', { name: 'Add a question' }).click();
  await admin.getByLabel('Question 1').fill('Do you hold auditions outside Lagos?');
  await admin.getByLabel('Answer 1').fill('Yes: casting days in Abuja and Enugu every quarter.');
  await shot(admin, 'settings');
  await admin.getByRole('button', { name: 'Save company details' }).click();
  await expect(admin.getByText('Company details saved.')).toBeVisible();

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Our offices' })).toBeVisible();
  await page.getByRole('button', { name: 'View Location' }).click();
  await expect(page.getByText('5 Bourdillon Road, Ikoyi')).toBeVisible();
  await expect(page.locator('footer')).toContainText('hello@homeofmovies.ng');
  await expect(page.locator('footer')).toContainText('+234 803 123 4567');
  await shot(page, 'contact');
  await page.goto('/');
  await page.getByText('Do you hold auditions outside Lagos?').click();
  await expect(page.getByText('Yes: casting days in Abuja and Enugu every quarter.')).toBeVisible();
  expect(unexpectedErrors(errors)).toEqual([]);
  expect(unexpectedErrors(adminErrors, [400, 401])).toEqual([]);
});

test('dates read the same everywhere: 9 Mar 1996', async ({ page, mailbox }) => {
  await activatedMember(page, mailbox);
  await expect(page.getByText('9 Mar 1996')).toBeVisible();
  await page.goto('/notifications');
  const stamp = page.locator('.notifications time').first();
  await expect(stamp).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
});
