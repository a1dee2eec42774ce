import { readFileSync } from 'node:fs';
import { expect, journeyBudget, newMember, phoneViewport, test } from './fixtures';
import { activatedMember, openConsoleSection, signUpThroughForm, staffConsole, tinyPdf, tinyPng, unexpectedErrors, watchConsole } from './helpers';
import type { Page } from '@playwright/test';
import { shiftDate, todayInLagos } from '../../src/shared/dates';
import { displayDate } from '../../src/shared/display-date';

async function submitAndLand(page: Page, message: string) {
  const submit = page.locator('form').getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
}

async function fillScriptPrinting(page: Page, { navigate = true } = {}) {
  if (navigate) await page.goto('/scriptprintingform');
  await page.locator('[name="name"]').fill('Ngozi Adeyemi');
  await page.locator('[name="email"]').fill('ngozi.print@example.com');
  await page.locator('[name="phone"]').fill('08031234567');
  await page.locator('[name="documentType"]').selectOption({ label: 'Posters' });
  await page.locator('[name="quantity"]').fill('250');
  await page.locator('[name="paperSize"]').selectOption({ label: 'A3' });
  await page.getByLabel('Full color').check();
  await page.locator('[name="comments"]').fill('Matte finish please');
}

test('a form whose checks cannot be downloaded is checked by the server, with the same messages', async ({ page, mailbox }) => {
  await activatedMember(page, mailbox);
  await page.goto('/scriptprintingform');
  await expect(page.getByRole('heading', { name: 'Script Printing Form' })).toBeVisible();
  await page.route('**/assets/*.js', (route) => route.abort());
  await fillScriptPrinting(page, { navigate: false });
  await page.locator('[name="quantity"]').fill('0');
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  // The server's answer names the field, and the page puts its message beside it (issue 29).
  await expect(page.locator('[name="quantity"]')).toHaveAccessibleDescription(/Quantity must be at least 1/);
  await expect(page.locator('[name="quantity"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[name="comments"]')).toHaveValue('Matte finish please');

  await page.unroute('**/assets/*.js');
  await page.locator('[name="quantity"]').fill('250');
  await submitAndLand(page, 'Form submitted successfully!');
});

test('a new member sees the forms locked but the event form, and a locked form page sends them to the fees page', async ({ page }) => {
  const errors = watchConsole(page);
  await signUpThroughForm(page, newMember());
  const forms = page.locator('#forms');
  await expect(forms.getByRole('button', { name: 'Go to Fees Page' })).toHaveCount(5);
  for (const button of await forms.getByRole('button', { name: 'Go to Fees Page' }).all()) await expect(button).toBeDisabled();
  await expect(forms.getByRole('link', { name: 'Go to Form' })).toHaveCount(1);
  // The event form needs a signed-in member only, as the server and the router have it.
  await forms.getByRole('listitem', { name: 'Event Form' }).getByRole('link', { name: 'Go to Form' }).click();
  await expect(page).toHaveURL(/\/eventform$/);
  await expect(page.getByRole('heading', { name: 'Event Form' })).toBeVisible();
  await page.goto('/welfareform');
  await expect(page).toHaveURL(/\/user\/fees$/);
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('an activated member fills in and sends each of the six forms', async ({ page, mailbox }) => {
  const errors = watchConsole(page);
  await activatedMember(page, mailbox);
  const forms = page.locator('#forms');
  await expect(forms.getByRole('link', { name: 'Go to Form' })).toHaveCount(6);
  await expect(forms.getByRole('button', { name: 'Go to Fees Page' })).toHaveCount(0);

  // Script printing, first with a mistake the schema catches next to the field.
  await fillScriptPrinting(page);
  await page.locator('[name="quantity"]').fill('0');
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Quantity must be at least 1')).toBeVisible();
  await expect(page).toHaveURL(/\/scriptprintingform$/);
  await page.locator('[name="quantity"]').fill('250');
  await submitAndLand(page, 'Form submitted successfully!');

  await page.locator('#forms').getByRole('listitem', { name: 'Welfare Form' }).getByRole('link', { name: 'Go to Form' }).click();
  await expect(page).toHaveURL(/\/welfareform$/);
  await page.locator('[name="name"]').fill('Ngozi Adeyemi');
  await page.locator('[name="dob"]').fill('1990-05-17');
  await page.locator('[name="address"]').fill('12 Allen Avenue, Ikeja');
  await page.locator('[name="phone"]').fill('+2348031234567');
  await page.locator('[name="email"]').fill('ngozi.welfare@example.com');
  await page.locator('[name="benefits"]').selectOption({ label: 'Healthcare' });
  await submitAndLand(page, 'Form submitted successfully!');

  await page.goto('/moviepremiereform');
  const movie = page.locator('[name="movie"]');
  await expect(movie.locator('option')).not.toHaveCount(1);
  const titles = (await (await page.request.get('/api/premieres')).json()) as { title: string }[];
  await expect(movie.locator('option:not([value=""])')).toHaveText(titles.map((t) => t.title));
  await page.locator('[name="name"]').fill('Ngozi Adeyemi');
  await page.locator('[name="email"]').fill('ngozi.premiere@example.com');
  await page.locator('[name="contact"]').fill('08031234567');
  await movie.selectOption(titles[0]?.title ?? '');
  await expect(page.locator('[name="showtime"] option:not([value=""])')).toHaveText(['5:00 PM', '7:00 PM', '9:00 PM']);
  await page.locator('[name="showtime"]').selectOption({ label: '7:00 PM' });
  await page.locator('[name="requests"]').fill('Aisle seat');
  await submitAndLand(page, 'Form submitted successfully!');

  await page.goto('/eventform');
  await fillEventForm(page);
  await submitAndLand(page, 'Form submitted successfully!');

  await page.goto('/campingform');
  await page.locator('[name="artistId"]').fill('ART-0042');
  for (const field of ['welfarePayment', 'premierePayment', 'aerobicPayment', 'labTest', 'nationalId', 'utilityBill']) {
    await page.locator(`[name="${field}"]`).setInputFiles(tinyPng());
  }
  await expect(page.getByRole('img', { name: /Preview of/ })).toHaveCount(6);
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Tax clearance is required')).toBeVisible();
  await page.locator('[name="taxClearance"]').setInputFiles(tinyPdf());
  await submitAndLand(page, 'Form submitted successfully!');

  await page.goto('/artistmembershipform');
  await expect(page.getByLabel('Movie', { exact: true })).toBeChecked();
  await page.locator('[name="surname"]').fill('Adeyemi');
  await page.locator('[name="firstName"]').fill('Ngozi');
  await page.getByLabel('Female').check();
  await page.locator('[name="dateOfBirth"]').fill('1996-03-09');
  await page.locator('[name="callNumber1"]').fill('08031234567');
  await page.getByLabel('Social media').check();
  await page.getByLabel('Friend').check();
  await page.locator('[name="heightFt"]').fill('5');
  await page.locator('[name="heightInch"]').fill('7');
  await page.locator('[name="weight"]').fill('62');
  await page.locator('[name="chest"]').fill('88');
  await page.locator('[name="hairColor"]').fill('Black');
  await page.locator('[name="eyeColor"]').fill('Brown');
  await page.locator('[name="movieRole"]').selectOption({ label: 'Supporting role' });
  await page.locator('[name="membershipReasons"]').fill('To grow my acting career');
  await page.locator('[name="passportPicture"]').setInputFiles(tinyPng());
  await page.locator('[name="paymentTeller"]').setInputFiles(tinyPdf());
  await page.locator('[name="termsAccepted"]').check();
  await submitAndLand(page, 'Artist Membership Form submitted successfully!');

  const sent = (await (await page.request.get('/api/users/submissions')).json()) as { submissions: { form: string }[] };
  expect(sent.submissions.map((s) => s.form).sort()).toEqual(['artist-membership', 'camping', 'event', 'movie-premiere', 'script-printing', 'welfare']);
  expect(unexpectedErrors(errors)).toEqual([]);
});

async function fillEventForm(page: Page) {
  await page.locator('[name="surname"]').fill('Adeyemi');
  await page.locator('[name="firstName"]').fill('Ngozi');
  await page.locator('[name="registrationNumber"]').fill('REG-2024-117');
  await page.locator('[name="companyId"]').fill('HMM-0042');
  await page.locator('[name="selectedEvent"]').selectOption({ label: 'Orphanage visitation' });
  await page.locator('[name="amountPaid"]').fill('15000');
  await page.locator('[name="paymentDate"]').fill('2024-11-02');
  for (const field of ['tellerImage', 'passportImage', 'signatureImage']) await page.locator(`[name="${field}"]`).setInputFiles(tinyPng());
}

test('staff put a casting day and gallery pictures on /events; a member on a phone finds them from the menu and sees their own request', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(journeyBudget(120_000));
  const castingDay = shiftDate(todayInLagos(), 10);
  const { page: staff } = await staffConsole(browser, { baseURL });
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Events' }).click();
  const addEvent = staff.getByRole('form', { name: 'Add an event' });
  await addEvent.getByLabel('Kind').selectOption({ label: 'Casting day' });
  await addEvent.getByLabel('Title').fill('Open casting: Lagos Nights');
  await addEvent.getByLabel('Date').fill(castingDay);
  await addEvent.getByLabel('Time').fill('10:30');
  await addEvent.getByLabel('Place').fill('12 Allen Avenue, Ikeja');
  await addEvent.getByLabel('Description').fill('Bring two photos and your member card.');
  await addEvent.getByLabel('Picture').setInputFiles(tinyPng());
  await addEvent.getByRole('button', { name: 'Add event' }).click();
  await expect(staff.getByText('Event added.')).toBeVisible();
  await expect(staff.getByRole('row', { name: 'Open casting: Lagos Nights' })).toContainText(displayDate(castingDay));
  for (const caption of ['Premiere night 2026', 'Training day in Ikeja']) {
    const addImage = staff.getByRole('form', { name: 'Add a gallery image' });
    await addImage.getByLabel('Image').setInputFiles(tinyPng());
    await addImage.getByLabel('Caption').fill(caption);
    await addImage.getByRole('button', { name: 'Add to gallery' }).click();
    await expect(staff.getByRole('img', { name: caption })).toBeVisible();
  }
  await staff.context().close();

  const errors = watchConsole(page);
  await phoneViewport(page);
  await page.goto('/events');
  await expect(page).toHaveURL(/\/signup\?next=%2Fevents$/);
  await signUpThroughForm(page, newMember());
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  const event = page.locator('.events__card').filter({ hasText: 'Open casting: Lagos Nights' });
  await expect(event).toContainText('Casting day');
  await expect(event).toContainText(`${displayDate(castingDay)}, 10:30`);
  await expect(event).toContainText('12 Allen Avenue, Ikeja');
  await expect(event.locator('img')).toBeVisible();

  // The seed's words, exactly, with the way to the form.
  await expect(page.getByText('No events at the moment. Please fill out form below', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Event Form', exact: true }).click();
  await expect(page).toHaveURL(/\/eventform$/);
  await fillEventForm(page);
  // Held back a moment, so the pending state can be seen.
  await page.route('**/api/users/eventform', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('form').getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Form submitted successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto('/events');
  const request = page.locator('.events__request');
  await expect(request).toHaveCount(1);
  await expect(request.getByRole('heading', { name: 'Orphanage visitation' })).toBeVisible();
  await expect(request).toContainText('₦15,000.00 paid on 2 Nov 2024');
  // The member's passport photo is not an event picture.
  await expect(request.locator('img')).toHaveCount(0);

  const gallery = page.locator('.gallery');
  await expect(gallery.locator('.swiper-slide-active img')).toBeVisible();
  const box = await gallery.locator('.swiper-slide-active').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  const first = await gallery.locator('.swiper-slide-active img').getAttribute('alt');
  await expect.poll(async () => gallery.locator('.swiper-slide-active img').getAttribute('alt'), { timeout: 6000 }).not.toBe(first);
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('on a wide screen the gallery shows the new install’s six pictures, four at a time 10 px apart, looping with arrows, and plays on after a tap', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughForm(page, newMember());
  await page.goto('/events');
  const gallery = page.locator('.gallery');
  // The six pictures a new install starts with (events/starter-gallery.ts), each a real picture.
  const starters = ['Premiere night', 'On set', 'Training day', 'Awards night', 'Visiting the community', 'Camping'];
  for (const caption of starters) {
    const picture = gallery.getByRole('img', { name: caption, exact: true }).first();
    await expect(picture).toBeAttached();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 10_000 }).toBe(1200);
  }
  // Four whole slides across, 10 px apart. Autoplay keeps them moving, and a measure taken
  // mid-slide sees only three whole, so it waits for the slides to rest between moves.
  const shown = async () => {
    const frame = (await gallery.boundingBox())!;
    const boxes = await gallery.locator('.swiper-slide').evaluateAll((slides) => slides.map((slide) => slide.getBoundingClientRect().toJSON() as DOMRect));
    return boxes.filter((b) => b.left >= frame.x - 1 && b.right <= frame.x + frame.width + 1).sort((a, b) => a.left - b.left);
  };
  let across: DOMRect[] = [];
  await expect.poll(async () => (across = await shown()).length, { timeout: 6000 }).toBe(4);
  expect(Math.round(across[1]!.left - across[0]!.right)).toBe(10);
  // Arrows, and autoplay carries on after a tap on one; the slides loop.
  await gallery.locator('.swiper-button-next').click();
  const afterTap = await gallery.locator('.swiper-slide-active img').getAttribute('alt');
  await expect.poll(async () => gallery.locator('.swiper-slide-active img').getAttribute('alt'), { timeout: 6000 }).not.toBe(afterTap);
  await expect(gallery.locator('.swiper-button-prev')).toBeVisible();
  type Swiped = HTMLElement & { swiper: { params: { loop: boolean; autoplay: { delay: number; disableOnInteraction: boolean } } } };
  expect(await gallery.evaluate((element) => (element as Swiped).swiper.params)).toMatchObject({
    loop: true,
    autoplay: { delay: 2000, disableOnInteraction: false },
  });
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('staff find a submission in the console, open it, mark it handled and download the CSV', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const member = await activatedMember(page, mailbox);
  await page.goto('/welfareform');
  await page.locator('[name="name"]').fill('Ngozi Adeyemi');
  await page.locator('[name="dob"]').fill('1990-05-17');
  await page.locator('[name="address"]').fill('4 Marina Road, Lagos');
  await page.locator('[name="phone"]').fill('08031234567');
  await page.locator('[name="email"]').fill(member.email);
  await page.locator('[name="benefits"]').selectOption({ label: 'Housing support' });
  await page.locator('[name="comments"]').fill('=Rent support for three months');
  await submitAndLand(page, 'Form submitted successfully!');

  const { page: staff, errors } = await staffConsole(browser, { baseURL, acceptDownloads: true });
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Submissions' }).click();
  await staff.locator('[name="form"]').selectOption({ label: 'Welfare Form' });
  await staff.locator('[name="member"]').fill(member.email);
  // The server counts a submission's day in Lagos, already tomorrow from 23:00 UTC.
  const today = todayInLagos();
  await staff.locator('[name="from"]').fill(today);
  await staff.locator('[name="to"]').fill(today);
  await staff.getByRole('button', { name: 'Filter' }).click();
  const rows = staff.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Welfare Form');
  await expect(rows).toContainText('New');

  // The CSV of the filtered welfare submissions.
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^welfare-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain('memberEmail');
  expect(lines[0]).toContain('benefits');
  expect(lines[1]).toContain(member.email);
  expect(lines[1]).toContain('housing-support');
  expect(lines[1]).toContain("'=Rent support for three months");

  await rows.getByRole('link').first().click();
  await expect(staff.getByRole('heading', { name: 'Welfare Form' })).toBeVisible();
  await expect(staff.locator('.admin__detail')).toContainText('4 Marina Road, Lagos');
  await expect(staff.locator('.admin__detail')).toContainText('Housing support');
  // Each answer under the label the form's description gives it (the stored key is "dob").
  const fact = (label: string) => staff.locator('.admin__fact', { has: staff.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  await expect(fact('Date of birth')).toHaveText('1990-05-17');
  await expect(fact('Benefits')).toHaveText('Housing support');
  await staff.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(staff.getByText('Marked as handled.')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Mark as handled' })).toHaveCount(0);
  await expect(staff.locator('.admin__detail .badge').first()).toHaveText('Handled');

  // The member's record shows the submission; the list now says handled.
  await staff.getByRole('link', { name: member.name }).first().click();
  await expect(staff.getByRole('heading', { name: member.name })).toBeVisible();
  await expect(staff.locator('.admin__plain-list').filter({ hasText: 'Welfare Form' })).toContainText('Welfare Form');
  await staff.getByRole('link', { name: 'Members', exact: true }).click();
  await staff.locator('[name="q"]').fill(member.phone);
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.locator('tbody tr')).toHaveCount(1);
  await expect(staff.locator('tbody tr')).toContainText('Activated');

  // A premiere staff add is offered to members; retiring it takes it off again.
  await openConsoleSection(staff, 'Premieres');
  const title = `Lagos Nights ${Date.now()}`;
  await staff.getByLabel('New premiere title').fill(title);
  await staff.getByLabel('5:00 PM').uncheck();
  await staff.getByLabel('7:00 PM').uncheck();
  await staff.getByRole('button', { name: 'Add premiere' }).click();
  const row = staff.getByRole('row', { name: title });
  await expect(row).toContainText('9:00 PM');
  await page.goto('/moviepremiereform');
  await page.locator('[name="name"]').fill('Ngozi Adeyemi');
  await page.locator('[name="email"]').fill(member.email);
  await page.locator('[name="contact"]').fill('08031234567');
  await page.locator('[name="movie"]').selectOption(title);
  await expect(page.locator('[name="showtime"] option:not([value=""])')).toHaveText(['9:00 PM']);
  await page.locator('[name="showtime"]').selectOption('9pm');
  await row.getByRole('button', { name: 'Retire' }).click();
  await expect(row).toContainText('Retired');

  // Retired while the member was choosing: the server refuses, and nothing typed is lost.
  await page.locator('form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('form').getByRole('alert').filter({ hasText: 'Movie must be one of the films open for premiere bookings' })).toBeVisible();
  await expect(page).toHaveURL(/\/moviepremiereform$/);
  await expect(page.locator('[name="name"]')).toHaveValue('Ngozi Adeyemi');
  await expect(page.locator('[name="movie"]')).toHaveValue(title);
  await expect(page.locator('form').getByRole('button', { name: 'Submit' })).toBeEnabled();
  await page.reload();
  await expect(page.locator('[name="movie"] option', { hasText: title })).toHaveCount(0);

  expect(unexpectedErrors(errors)).toEqual([]);
  await staff.context().close();
});
