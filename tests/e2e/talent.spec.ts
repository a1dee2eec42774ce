import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, journeyBudget, phoneViewport, test } from './fixtures';
import { activatedMember, staffConsole, tinyPdf, unexpectedErrors, watchConsole } from './helpers';

/** A real portrait photo (with EXIF the server must strip), written to a temporary file. */
async function portraitJpeg(): Promise<string> {
  const file = path.join(tmpdir(), `talent-${process.pid}-${Date.now()}.jpg`);
  const data = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7c2d12' } })
    .composite([{ input: Buffer.from('<svg width="900" height="1200"><circle cx="450" cy="420" r="220" fill="#fbbf24"/></svg>'), top: 0, left: 0 }])
    .withExif({ IFD0: { Make: 'PhoneMaker' } })
    .jpeg()
    .toBuffer();
  writeFileSync(file, data);
  return file;
}

async function xsrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) } : {};
}

/** Screenshots for looking at the pages (TALENT_SHOTS=dir), at the current viewport. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.TALENT_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

test('a member publishes a talent profile, a business finds it and books, the member accepts', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const errors = watchConsole(page);
  const member = await activatedMember(page, mailbox);
  const stageName = `Amara Lux ${Date.now() % 100000}`;

  // The measurements come from the artist membership form, sent here through the API.
  const form = await page.request.post('/api/users/artistmembershipform', {
    headers: await xsrf(page),
    multipart: {
      registrationCategory: 'model',
      gender: 'female',
      dateOfBirth: member.dob,
      stateOfResidence: 'Lagos',
      heightFt: '5',
      heightInch: '9',
      weight: '58',
      chest: '84',
      hairColor: 'Black',
      eyeColor: 'Brown',
      passportPicture: {
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
          .jpeg()
          .toBuffer(),
      },
      paymentTeller: { name: 'teller.pdf', mimeType: 'application/pdf', buffer: readFileSync(tinyPdf()) },
    },
  });
  expect(form.status(), await form.text()).toBe(201);

  // The member builds the profile from the dashboard.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Manage talent profile' }).click();
  await expect(page).toHaveURL(/\/profile\/talent$/);
  await page.getByLabel('Category').selectOption('model');
  await page.getByLabel('Stage name').fill(stageName);
  await page.getByLabel('Short bio').fill('Runway, editorial and bridal shoots across Lagos.');
  for (const label of [/^Height: 175 cm/, /^Gender: Female/, /^Age:/, /^State of residence: Lagos/]) await page.getByLabel(label).check();
  // Photos chosen before the first save, and published in that one save.
  await page.getByLabel('Add photos').setInputFiles(await portraitJpeg());
  await expect(page.getByAltText('New portfolio shot 1')).toBeVisible();
  await page.getByLabel(/^Published in the talent directory/).check();
  await page.getByRole('button', { name: 'Save talent profile' }).click();
  await expect(page.getByText('Your talent profile is published.')).toBeVisible();
  await expect(page.getByAltText('Your portfolio shot 1')).toBeVisible();
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await shot(page, 'editor');

  // A business, not signed in, on a phone.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await phoneViewport(visitor);
  await visitor.goto('/');
  // The landing's code starts at the visitor's first use; with it, the menu's checkbox becomes a button.
  await visitor.mouse.move(20, 300);
  await visitor.getByRole('button', { name: 'Open menu' }).click();
  await visitor.getByRole('link', { name: 'Talent', exact: true }).click();
  await expect(visitor).toHaveURL(/\/talent$/);
  await visitor.getByLabel('Category').selectOption('model');
  await visitor.getByLabel('Gender').selectOption('female');
  await visitor.getByLabel('State of residence').selectOption('Lagos');
  await visitor.getByRole('group', { name: 'Height (cm)' }).getByLabel('From').fill('170');
  await visitor.getByRole('group', { name: 'Height (cm)' }).getByLabel('To').fill('180');
  await visitor.getByRole('button', { name: 'Search' }).click();
  await expect(visitor).toHaveURL(/category=model&gender=female&state=Lagos&minHeightCm=170&maxHeightCm=180/);
  const card = visitor.getByRole('link', { name: new RegExp(stageName) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('175 cm');
  await shot(visitor, 'directory');

  // A filter that excludes her.
  await visitor.getByRole('group', { name: 'Height (cm)' }).getByLabel('From').fill('180');
  await visitor.getByRole('group', { name: 'Height (cm)' }).getByLabel('To').fill('');
  await visitor.getByRole('button', { name: 'Search' }).click();
  await expect(visitor).toHaveURL(/minHeightCm=180/);
  await expect(visitor.getByRole('link', { name: new RegExp(stageName) })).toHaveCount(0);
  await visitor.goBack();
  await visitor.getByRole('link', { name: new RegExp(stageName) }).click();

  await expect(visitor.getByRole('heading', { name: stageName })).toBeVisible();
  await expect(visitor.getByText('175 cm')).toBeVisible();
  // A link shared on WhatsApp shows her name and photo: the profile's HTML carries them, before any script.
  const shared = await visitor.request.get(visitor.url());
  const sharedHtml = await shared.text();
  expect(sharedHtml).toContain(`<meta property="og:title" content="${stageName} · `);
  expect(sharedHtml).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/talent\/[0-9a-f-]+\/photos\/[0-9a-f-]+"/);
  expect(sharedHtml).toContain(`<h1 id="talent-name">${stageName}</h1>`);
  await expect(visitor.getByText(member.email)).toHaveCount(0);
  await expect(visitor.getByText(member.phone)).toHaveCount(0);
  const axe = await new AxeBuilder({ page: visitor }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await shot(visitor, 'profile');

  const business = `bookings${Date.now() % 100000}@lekki-bridal.example.com`;
  const booking = visitor.getByRole('region', { name: 'Request a booking' });
  await booking.getByRole('button', { name: 'Send booking request' }).click();
  await expect(booking.getByText('Business name is required')).toBeVisible();
  await booking.getByLabel('Business name').fill('Lekki Bridal House');
  await booking.getByLabel('Contact name').fill('Amaka Obi');
  await booking.getByLabel('Email').fill(business);
  await booking.getByLabel('Phone').fill('08091234567');
  const from = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  await booking.getByLabel('From').fill(from);
  await booking.getByLabel('To').fill(to);
  await booking.getByLabel('Location').fill('Eko Hotel, Victoria Island');
  await booking.getByLabel('Budget (naira)').fill('250000');
  await booking.getByLabel('Message').fill('Two-day bridal catalogue shoot.');
  await booking.getByRole('button', { name: 'Send booking request' }).click();
  // Nothing reaches the talent until the business enters the code mailed to it.
  const confirm = visitor.getByRole('region', { name: 'Check your email' });
  await expect(confirm).toContainText(business);
  await confirm.getByLabel('Code from the email').fill(await mailbox.codeFor(business, /Confirm your booking request/));
  await confirm.getByRole('button', { name: 'Confirm booking request' }).click();
  const sent = visitor.getByRole('status').filter({ hasText: 'Booking request sent' });
  await expect(sent).toBeVisible();
  const reference = (await sent.locator('strong').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^BK-[0-9A-F]{6}$/);
  await shot(visitor, 'booked');

  const receipt = await mailbox.waitFor((m) => m.to.includes(business) && m.subject.includes(reference));
  expect(receipt.text).toContain(reference);
  expect(receipt.text).not.toContain(member.email);

  // The member answers in the dashboard.
  await page.reload();
  const request = page.getByRole('listitem', { name: `Booking request ${reference}` });
  await expect(request).toContainText('Lekki Bridal House');
  await expect(request).toContainText('₦250,000.00');
  await request.getByLabel('Message to the business').fill('Happy to. I will call you today.');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(request.getByText('Accepted', { exact: true })).toBeVisible();
  const answer = await mailbox.waitFor((m) => m.to.includes(business) && /accepted/.test(m.subject));
  expect(answer.text).toContain('Happy to. I will call you today.');

  // Staff see it in the console.
  const { page: staff } = await staffConsole(browser, { baseURL });
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Talent' }).click();
  await expect(staff).toHaveURL(/\/admin\/talent$/);
  await staff.getByLabel('Show').selectOption('all');
  await expect(staff.getByRole('listitem', { name: `Booking request ${reference}` })).toContainText('Accepted');
  await shot(staff, 'admin');

  if (process.env.TALENT_SHOTS) {
    for (const [p, name] of [
      [visitor, 'profile'],
      [page, 'editor'],
      [staff, 'admin'],
    ] as const) {
      await p.setViewportSize(p === visitor ? { width: 1280, height: 900 } : { width: 360, height: 740 });
      await p.reload();
      await p.waitForLoadState('networkidle');
      await shot(p, name);
    }
    await visitor.goto('/talent');
    await shot(visitor, 'directory');
  }

  await visitorContext.close();
  await staff.context().close();
  expect(unexpectedErrors(errors)).toEqual([]);
  expect(unexpectedErrors(visitorErrors)).toEqual([]);
});
