import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { expect, journeyBudget, test } from './fixtures';
import { activatedMember, staffApi, staffConsole, unexpectedErrors, watchConsole } from './helpers';

const SHOTS = '/work/shots/week';

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * A Y4M video (what Chromium's fake camera plays, looped) of one still frame: the QR code of
 * `text` drawn black on white, 8 pixels a module, straight into the luma plane, in the middle of a
 * frame 1.7 times its size. qr-scanner reads only the middle two thirds of the picture (its scan
 * region), as a phone held over a card sees it: a code filling the frame has its corners cut off
 * and is read only now and then.
 */
function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = 8;
  const code = (size + 8) * scale;
  const side = Math.ceil((code * 1.7) / 2) * 2;
  const offset = Math.floor((side - code) / 2) + 4 * scale;
  const luma = Buffer.alloc(side * side, 255);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        const row = (offset + y * scale + dy) * side;
        luma.fill(0, row + offset + x * scale, row + offset + (x + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2), 128);
  const file = path.join(tmpdir(), `card-qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), luma, chroma, chroma]));
  return file;
}

const lagosNow = () => new Date(Date.now() + 3_600_000).toISOString();

/** The journey's session runs from the last hour to 23:59 Lagos: near midnight it would end mid-journey, so start after midnight. */
const DAY_END_MARGIN_MS = 6 * 60_000;
function msUntilLagosMidnightIfClose(): number {
  const now = new Date(Date.now() + 3_600_000);
  const left = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();
  return left < DAY_END_MARGIN_MS ? left + 5_000 : 0;
}

test('staff scan a member’s card with the phone’s camera at the door and the register shows the arrival; the member subscribes to the calendar feed', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const wait = msUntilLagosMidnightIfClose();
  test.setTimeout(journeyBudget(180_000) + wait);
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const member = await activatedMember(page, mailbox);
  const card = page.getByRole('region', { name: 'Membership card' });
  const memberNumber = (await card.getByText(/^HM-\d{6}$/).textContent()) ?? '';
  const verifyUrl = (await card.getByRole('link', { name: 'Open your check page' }).getAttribute('href')) ?? '';
  expect(verifyUrl).toContain(`/verify/${memberNumber}?code=`);

  // A session on now, for everyone active: staff add it as the console does.
  const staffCalls = await staffApi(baseURL);
  const today = lagosNow().slice(0, 10);
  const hour = Number(lagosNow().slice(11, 13));
  const created = await staffCalls.post('/api/admin/schedule', {
    data: {
      kind: 'meeting',
      title: 'Door test meeting',
      place: 'Company office',
      startTime: `${String(Math.max(hour - 1, 0)).padStart(2, '0')}:00`,
      endTime: '23:59',
      repeat: 'none',
      firstDay: today,
      audience: 'all',
      attendanceRequired: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await staffCalls.dispose();

  // The member's calendar on the phone, and the private feed a calendar app subscribes to.
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Your calendar' })).toBeVisible();
  await expect(page.getByText('Door test meeting').first()).toBeVisible();
  const feedUrl = await page.getByLabel('Your calendar address').inputValue();
  expect(feedUrl).toMatch(/\/api\/calendar\/[0-9a-f-]{36}\.[\w-]{32}\.ics$/);
  await expect(page.getByRole('link', { name: 'Subscribe on this phone' })).toHaveAttribute('href', feedUrl.replace(/^https?:/, 'webcal:'));
  const feed = await page.context().request.get(feedUrl, { headers: { cookie: '' } });
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('SUMMARY:Door test meeting');
  await shots(page, 'calendar');

  // The door: a phone whose camera sees the member's card.
  const video = qrVideo(verifyUrl);
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  const door = await browser.browserType().launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const { page: staff, errors: staffErrors } = await staffConsole(door, {
    baseURL,
    viewport: { width: 375, height: 800 },
    permissions: ['camera'],
    serviceWorkers: 'block',
  });
  await staff.goto('/admin/schedule');
  await staff.getByRole('link', { name: /Door test meeting/ }).click();
  await expect(staff.getByRole('heading', { name: 'Door test meeting' })).toBeVisible();
  // The camera sees the card: qr-scanner reads its QR code (in a worker made from a Blob, which
  // the Content-Security-Policy must allow: with `worker-src 'self'` alone it decoded nothing).
  await staff.getByRole('button', { name: 'Scan cards with the camera' }).click();
  await expect(staff.getByLabel('Camera')).toBeVisible();
  const answer = staff.getByRole('status').filter({ hasText: member.name });
  await expect(answer).toContainText(memberNumber, { timeout: 20_000 });
  await expect(answer).toContainText('Active');
  await expect(answer).toContainText(/Arrived \d{2}:\d{2}/);
  await expect(staff.getByRole('list', { name: 'Register' })).toContainText(member.name);
  await expect(staff.getByRole('heading', { name: /Present: 1 of \d+ expected/ })).toBeVisible();
  await shots(staff, 'register');
  await staff.getByRole('button', { name: 'Stop the camera' }).click();

  // The member's calendar now shows the arrival.
  await page.reload();
  await expect(page.getByText(/Arrived \d{2}:\d{2}/).first()).toBeVisible();

  expect(unexpectedErrors(errors)).toEqual([]);
  expect(unexpectedErrors(staffErrors)).toEqual([]);
  await door.close();
});

/** HH:MM in Lagos, `minutes` from now. */
const lagosClock = (minutes: number) => new Date(Date.now() + 3_600_000 + minutes * 60_000).toISOString().slice(11, 16);

test('finance settle on a phone a charged fine that a scan sent later no longer supports: the charge stands, with their note', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  // The session ran from 20 to 10 minutes ago today in Lagos: just after midnight, wait for it to fit in the day.
  const lagosMinute = Math.floor(((Date.now() + 3_600_000) % 86_400_000) / 60_000);
  const wait = lagosMinute < 25 ? (25 - lagosMinute) * 60_000 : 0;
  test.setTimeout(journeyBudget(120_000) + wait);
  if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
  const member = await activatedMember(page, mailbox);
  const memberNumber =
    (await page
      .getByRole('region', { name: 'Membership card' })
      .getByText(/^HM-\d{6}$/)
      .textContent()) ?? '';

  // The member was scanned 2 minutes late; the register proposed the fine and finance charged it;
  // then a scan queued offline at another door arrived, made a minute before the start.
  const api = await staffApi(baseURL);
  const today = lagosNow().slice(0, 10);
  const start = lagosClock(-20);
  const startsAt = Date.parse(`${today}T${start}:00+01:00`);
  const created = await api.post('/api/admin/schedule', {
    data: {
      kind: 'meeting',
      title: 'Early briefing',
      place: 'Company office',
      startTime: start,
      endTime: lagosClock(-10),
      repeat: 'none',
      firstDay: today,
      audience: 'all',
      attendanceRequired: true,
      graceMinutes: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const seriesId = ((await created.json()) as { series: { id: string } }).series.id;
  const scanAt = async (at: number) => {
    const scan = await api.post(`/api/admin/schedule/${seriesId}/dates/${today}/scans`, {
      data: { scanId: crypto.randomUUID(), code: memberNumber, scannedAt: new Date(at).toISOString() },
    });
    expect(scan.status(), await scan.text()).toBe(200);
  };
  await scanAt(startsAt + 2 * 60_000);
  expect((await api.post(`/api/admin/schedule/${seriesId}/dates/${today}/fines`)).status()).toBe(200);
  const proposed = (await (await api.get('/api/admin/attendance-fines')).json()) as { fines: { id: string; seriesId: string; type: string }[] };
  const fine = proposed.fines.find((f) => f.seriesId === seriesId && f.type === 'late')!;
  expect(fine).toBeTruthy();
  expect((await api.post('/api/admin/attendance-fines/confirm', { data: { ids: [fine.id] } })).status()).toBe(200);
  await scanAt(startsAt - 60_000);
  await api.dispose();

  const { page: finance, errors: financeErrors } = await staffConsole(browser, { baseURL, viewport: { width: 375, height: 800 } });
  await finance.goto('/admin/attendance-fines');
  const flagged = finance.getByRole('region', { name: 'Charged, but no longer supported by the register' });
  const item = flagged.getByRole('listitem').filter({ hasText: member.name });
  await expect(item).toContainText('Charged, but a scan sent later from the door shows the member arrived at');
  const stands = item.getByRole('button', { name: 'The charge stands' });
  await expect(stands).toBeDisabled();
  await item.getByLabel('Why the charge stands (the member is told)').fill('They left before the briefing began: agreed with them by phone.');
  await shots(finance, 'fine-flagged');
  await stands.click();
  await expect(finance.getByRole('status').filter({ hasText: 'The charge stands; the member is told.' })).toBeVisible();
  await expect(flagged.getByRole('listitem').filter({ hasText: member.name })).toHaveCount(0);

  // The member is told why.
  await page.goto('/notifications');
  await expect(page.getByText(/it stands\. They left before the briefing began/)).toBeVisible();
  expect(unexpectedErrors(financeErrors)).toEqual([]);
  await finance.context().close();
});
