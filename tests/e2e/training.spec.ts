import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, journeyBudget, test } from './fixtures';
import { activatedMember, staffApi, staffConsole, unexpectedErrors, watchConsole } from './helpers';

const SHOTS = '/work/shots/training';

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('staff add a weekly training in the console at 375 px; a member enrols, and after seven months of it downloads a certificate that a visitor checks by its QR address', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(journeyBudget(240_000));
  await page.setViewportSize({ width: 375, height: 800 });
  const errors = watchConsole(page);
  const member = await activatedMember(page, mailbox);
  const memberNumber =
    (await page
      .getByRole('region', { name: 'Membership card' })
      .getByText(/^HM-\d{6}$/)
      .textContent()) ?? '';

  // Staff, on a phone: Schedule, Sessions, New session.
  const { page: staff, errors: staffErrors } = await staffConsole(browser, { baseURL, viewport: { width: 375, height: 800 } });
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Schedule', exact: true }).click();
  await staff.getByRole('navigation', { name: 'Schedule' }).getByRole('link', { name: 'Sessions' }).click();
  await staff.getByRole('link', { name: 'New session' }).click();

  // Seven months back, weekly on that date's weekday, for those enrolled.
  const firstDay = shift(lagosToday(), -210);
  const weekday = WEEKDAYS[new Date(`${firstDay}T00:00:00Z`).getUTCDay()]!;
  const form = staff.getByRole('form', { name: 'New session' });
  await expect(form.getByLabel('Kind')).toHaveValue('training');
  await form.getByLabel('Title').fill('Screen acting class');
  await form.getByLabel('Place').fill('Company studio, Lekki');
  await form.getByLabel('Starts (Lagos time)').fill('09:00');
  await form.getByLabel('Ends (Lagos time)').fill('12:00');
  await form.getByLabel('First date').fill(firstDay);
  await expect(form.getByLabel('Expected')).toHaveValue('enrolled');
  // Sent without its days, the refusal shows where the days are chosen.
  await form.getByRole('button', { name: 'Add the session' }).click();
  await expect(form.getByRole('group', { name: 'On these days' })).toContainText('Choose the days it repeats on');
  await shots(staff, 'series-form-refused');
  await form.getByLabel(weekday, { exact: true }).check();
  await form.getByRole('button', { name: 'Add the session' }).click();
  await expect(staff).toHaveURL(/\/admin\/schedule\/series\/[0-9a-f-]{36}$/);
  const seriesId = staff.url().split('/').at(-1)!;
  await expect(staff.getByRole('heading', { name: 'Screen acting class' })).toBeVisible();
  await expect(staff.getByText('Session added.')).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Enrolled' })).toBeVisible();
  await shots(staff, 'series-page');

  // The member enrols from their calendar page.
  await page.goto('/calendar');
  const training = page.getByRole('region', { name: 'Training' }).getByRole('listitem').filter({ hasText: 'Screen acting class' });
  await training.getByRole('button', { name: 'Enrol' }).click();
  await expect(training.getByRole('status')).toHaveText('You are enrolled: its dates are on your calendar.');
  await expect(training.getByText('Enrolled', { exact: true })).toBeVisible();
  await expect(training.getByText('Your first attended date starts the 6 months; none is on the register yet.')).toBeVisible();

  // Seven months of arrivals from the company's paper register, entered by hand for each past date
  // (the door takes scans only around a session: decision 022, amended 2026-11-28).
  const api = await staffApi(baseURL);
  const dates = (await (await api.get(`/api/admin/schedule/dates?from=${firstDay}&to=${shift(lagosToday(), -1)}`)).json()) as {
    dates: { seriesId: string; day: string; startsAt: string }[];
  };
  const ours = dates.dates.filter((d) => d.seriesId === seriesId);
  expect(ours.length).toBeGreaterThanOrEqual(29);
  for (const date of ours.slice(0, -1)) {
    const entry = await api.post(`/api/admin/schedule/${seriesId}/dates/${date.day}/attendance`, {
      data: { memberNumber, arrivedAt: '09:05', reason: 'Paper register' },
    });
    expect(entry.status(), await entry.text()).toBe(201);
  }

  // The latest past date by hand in the console, on the phone: the series' past dates open its register.
  await staff.getByRole('list', { name: 'Past dates' }).getByRole('link').first().click();
  await expect(staff.getByRole('heading', { name: 'Screen acting class' })).toBeVisible();
  const handForm = staff.getByRole('form', { name: 'Record attendance by hand' });
  await handForm.getByLabel('Member number').fill(memberNumber);
  await handForm.getByRole('button', { name: 'Record present by hand' }).click();
  await expect(handForm.getByLabel('Reason')).toHaveAccessibleDescription('Reason is required');
  await handForm.getByLabel('Reason').fill('Paper register, the door phone had no data');
  await handForm.getByRole('button', { name: 'Record present by hand' }).click();
  await expect(handForm.getByRole('status')).toHaveText(`${member.name} (${memberNumber}) is recorded present, by hand.`);
  const entered = staff.getByRole('list', { name: 'Register' }).getByRole('listitem').filter({ hasText: member.name });
  await expect(entered.getByText('By hand', { exact: true })).toBeVisible();
  await expect(entered).toContainText('Paper register, the door phone had no data');
  await shots(staff, 'register-by-hand');
  await staff.goBack();
  await expect(staff.getByRole('list', { name: 'Past dates' })).toBeVisible();

  // The member gets the certificate and downloads it.
  await page.reload();
  await expect(training.getByText(/You have earned the certificate\./)).toBeVisible();
  await training.getByRole('button', { name: 'Get your certificate' }).click();
  const download = training.getByRole('link', { name: /^Download certificate TC-\d{6} \(PDF\)$/ });
  await expect(download).toBeVisible();
  const number = /TC-\d{6}/.exec((await download.textContent()) ?? '')![0];
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shots(page, 'calendar-certificate');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('region', { name: 'Training' }).screenshot({ path: path.join(SHOTS, `training-section-${width}.png`) });
  }
  await page.setViewportSize({ width: 375, height: 800 });

  // A visitor opens the certificate's check address (its QR code's); a changed code is refused.
  const checkUrl = (await training.getByRole('link', { name: 'Open its check page' }).getAttribute('href')) ?? '';
  expect(checkUrl).toMatch(new RegExp(`/verify/certificates/${number}\\?code=[\\w-]{22}$`));
  const visitorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(checkUrl);
  await expect(visitor.getByText(/^Genuine: issued by /)).toBeVisible();
  await expect(visitor.getByText(`${member.name} (${memberNumber})`)).toBeVisible();
  await expect(visitor.getByText('Screen acting class')).toBeVisible();
  await shots(visitor, 'check-genuine');
  await visitor.goto(checkUrl.replace(/code=.*$/, 'code=AAAAAAAAAAAAAAAAAAAAAA'));
  await expect(visitor.getByRole('alert')).toHaveText(
    `This certificate could not be confirmed: no certificate numbered ${number} has this check code. It may be forged or mistyped: scan its QR code again, or ask the company.`,
  );
  await shots(visitor, 'check-refused');

  // Staff see it issued.
  await staff.getByRole('navigation', { name: 'Schedule' }).getByRole('link', { name: 'Certificates' }).click();
  await expect(staff.getByRole('listitem').filter({ hasText: number })).toContainText(member.name);
  await shots(staff, 'certificates');

  await api.dispose();
  expect(unexpectedErrors(errors)).toEqual([]);
  expect(unexpectedErrors(staffErrors, [400, 401])).toEqual([]);
  expect(unexpectedErrors(visitorErrors, [401, 404])).toEqual([]);
  await staff.context().close();
  await visitorContext.close();
});
