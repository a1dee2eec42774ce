import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, journeyBudget, test } from './fixtures';
import { activatedMember, openConsoleSection, staffConsole, unexpectedErrors, watchConsole, xsrfHeader } from './helpers';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.CASTINGS_SHOTS ?? '/work/shots/castings';

/** A full-page screenshot to look at, named by the page and the viewport's width. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('on a phone, a member applies to a casting; staff shortlist and cast; the member sees the outcome', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(150_000));
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  const member = await activatedMember(page, mailbox);
  const project = `Ada’s Journey ${Date.now() % 100000}`;

  // Her gender and measurements come from the artist membership form (the form's own journey is forms.spec.ts); her talent profile holds the photo staff see.
  const headers = await xsrfHeader(page);
  const portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7c2d12' } })
    .jpeg()
    .toBuffer();
  const artist = await page.request.post('/api/users/artistmembershipform', {
    headers,
    multipart: {
      registrationCategory: 'movie',
      gender: 'female',
      dateOfBirth: member.dob,
      stateOfResidence: 'Lagos',
      heightFt: '5',
      heightInch: '7',
      weight: '60',
      chest: '86',
      hairColor: 'Black',
      eyeColor: 'Brown',
      passportPicture: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: portrait },
      paymentTeller: { name: 'teller.jpg', mimeType: 'image/jpeg', buffer: portrait },
    },
  });
  expect(artist.status(), await artist.text()).toBe(201);
  const profile = await page.request.put('/api/talent/me', { headers, data: { category: 'movie', stageName: 'Ngozi A.', published: false } });
  expect(profile.status(), await profile.text()).toBe(200);
  const photo = await page.request.post('/api/talent/me/photos', {
    headers,
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: portrait } },
  });
  expect(photo.status(), await photo.text()).toBe(201);

  // Staff post the call from the console, on a desktop.
  const { page: staff, errors: staffErrors } = await staffConsole(browser, { baseURL, viewport: DESKTOP });
  await openConsoleSection(staff, 'Castings');
  await staff.getByRole('link', { name: 'Post a casting call' }).click();
  const form = staff.getByRole('form', { name: 'Post a casting call' });
  await form.getByLabel('Project').fill(project);
  await form.getByLabel('Place').fill('Lekki studio, 4 Admiralty Way');
  await form.getByLabel('Role', { exact: true }).fill('Lead actress');
  await form.getByLabel('Gender').selectOption('female');
  // A role open to level 5 must say how many to cast: the refusal is shown under the field, and nothing is posted.
  await form.getByLabel('Highest level').fill('5');
  await form.getByRole('button', { name: 'Post casting call' }).click();
  await expect(form.getByText(/How many to cast is required for a role open to levels above 3/).first()).toBeVisible();
  await form.getByLabel('Highest level').fill('3');
  await shot(staff, 'console-new-call');
  await form.getByRole('button', { name: 'Post casting call' }).click();
  await expect(staff.getByRole('heading', { name: project })).toBeVisible();
  await expect(staff.getByText('0 of 5 cast')).toBeVisible();

  // The member, on her phone, finds it from her dashboard and applies.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'See casting calls' }).click();
  await expect(page).toHaveURL(/\/castings$/);
  const call = page.getByRole('listitem', { name: project });
  await expect(call).toBeVisible();
  const role = call.getByRole('listitem', { name: 'Lead actress' });
  await expect(role).toContainText('ages 18-40 · levels 1-3 · 5 to cast');
  await role.getByLabel(/A short note for the staff/).fill('I played Ada on stage at MUSON last year.');
  await shot(page, 'member-castings');
  await role.getByRole('button', { name: 'Apply for Lead actress' }).click();
  await expect(role.getByRole('status')).toHaveText(/Application sent for Lead actress/);
  await expect(page.getByRole('region', { name: 'Your applications' }).getByText('Applied', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the castings page fits a 375 px phone').toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'member-applied');

  // Staff review her with her photo and measurements, shortlist, then cast.
  await staff.reload();
  const applicant = staff.getByRole('listitem', { name: `Applicant ${member.name}` });
  await expect(applicant).toContainText('Height 170 cm');
  await expect(applicant).toContainText('I played Ada on stage at MUSON last year.');
  await expect(applicant.getByRole('img', { name: 'Ngozi A., 1 of 1' })).toBeVisible();
  await expect.poll(() => applicant.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await applicant.getByRole('button', { name: /^Shortlist/ }).click();
  await expect(applicant.getByText('Shortlisted', { exact: true })).toBeVisible();
  await shot(staff, 'console-applicants');
  await staff.setViewportSize(PHONE);
  await shot(staff, 'console-applicants');
  await applicant.getByRole('button', { name: /^Cast/ }).click();
  await expect(applicant.getByText('Cast', { exact: true })).toBeVisible();
  await expect(staff.getByText('1 of 5 cast')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  // She sees the outcome in the portal and by email.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your applications' }).getByText('Cast', { exact: true })).toBeVisible();
  await shot(page, 'member-outcome');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'member-outcome');
  await page.setViewportSize(PHONE);
  await page.goto('/notifications');
  await expect(page.getByText(new RegExp(`You were cast: Lead actress in ${project}`))).toBeVisible();
  const mail = await mailbox.waitFor((m) => m.to.includes(member.email) && /You were cast/.test(m.subject));
  expect(mail.text).toContain(`Lead actress in ${project}`);

  // A guardian's consent link with a code that is not right is refused where the code was typed.
  await page.goto(`/castings/consent?application=${randomUUID()}`);
  await page.getByLabel('Code from the email').fill('123456');
  await page.getByRole('button', { name: 'I agree: send the application' }).click();
  await expect(page.getByRole('alert')).toHaveText(/no longer waiting for a guardian’s answer/);
  await shot(page, 'guardian-consent');

  // The consent link's refused code is the one 400 expected on the member's side.
  expect(unexpectedErrors(errors, [401, 400])).toEqual([]);
  // The console's refused post of a level-5 role without a number is the one 400 expected.
  expect(unexpectedErrors(staffErrors, [401, 400])).toEqual([]);
  await staff.context().close();
});
