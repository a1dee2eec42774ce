import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, expect, journeyBudget, test } from './fixtures';
import { activatedMember, signIn, staffApi } from './helpers';

/**
 * axe-core on every page of the portal, as the visitor, member and staff see it, at a phone's
 * width (375 px) and a desktop's (1280 px): no serious or critical violation.
 */
const WIDTHS = [1280, 375] as const;

/**
 * One page, loaded once and read by axe at each width: the layout follows the viewport (CSS and
 * matchMedia), so a resize stands in for a second load at half the time. Waits for the page's own
 * spinner to go rather than for the network to be idle (half a second more a page).
 */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading...' })).toHaveCount(0);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // label-content-name-mismatch is axe's experimental rule, off unless asked for: a link or button
    // whose spoken name does not hold its visible words cannot be called by voice control.
    // Violations only: axe then gathers no passing nodes, a third of its time on a long console list.
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    found.push(
      ...results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${path} at ${width} px: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
    );
  }
  return found;
}

async function audit(page: Page, paths: string[]): Promise<void> {
  // Each page takes about 2 s (it loads, then axe reads it at two widths) on a busy two-core machine.
  test.setTimeout(journeyBudget(30_000 + paths.length * 8_000));
  const found: string[] = [];
  for (const path of paths) found.push(...(await seriousViolations(page, path)));
  expect(found).toEqual([]);
}

const PUBLIC_PAGES = [
  '/',
  '/services',
  '/contact',
  '/terms-and-conditions',
  '/privacy',
  '/login',
  '/signup',
  '/forgot-password',
  '/talent',
  '/verify/HM-999999',
  '/no-such-page',
];

test('public pages', async ({ page }) => {
  await audit(page, PUBLIC_PAGES);
});

test('member pages', async ({ page, mailbox }) => {
  // An activated member: their first payment approved, so the payments page lists its receipt.
  await activatedMember(page, mailbox);
  await audit(page, [
    '/profile',
    '/profile/payments',
    '/profile/privacy',
    '/profile/talent',
    '/editprofile',
    '/about',
    '/events',
    '/calendar',
    '/castings',
    '/notifications',
    '/user/fees',
    '/artistmembershipform',
    '/scriptprintingform',
    '/welfareform',
    '/campingform',
    '/eventform',
    '/moviepremiereform',
  ]);
});

test('staff console', async ({ page, baseURL }) => {
  // A series with a cancelled date, which the schedule shows apart (it was drawn too faint to read).
  const api = await staffApi(baseURL);
  const firstDay = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await api.post('/api/admin/schedule', {
    data: {
      kind: 'meeting',
      title: 'Read-through',
      place: 'Company office',
      startTime: '10:00',
      endTime: '12:00',
      repeat: 'none',
      firstDay,
      audience: 'all',
      attendanceRequired: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const seriesId = ((await created.json()) as { series: { id: string } }).series.id;
  const cancelled = await api.post(`/api/admin/schedule/${seriesId}/dates/${firstDay}/change`, { data: { action: 'cancel', note: 'Venue closed' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await api.dispose();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await audit(page, [
    '/admin',
    '/admin/payments',
    '/admin/payments/reconciliation',
    '/admin/schedule',
    '/admin/schedule/series',
    '/admin/schedule/series/new',
    `/admin/schedule/series/${seriesId}`,
    `/admin/schedule/${seriesId}/${firstDay}`,
    '/admin/schedule/certificates',
    '/admin/attendance-fines',
    '/admin/ads',
    '/admin/submissions',
    '/admin/messages',
    '/admin/reports',
    '/admin/members',
    '/admin/premieres',
    '/admin/events',
    '/admin/talent',
    '/admin/castings',
    '/admin/castings/new',
    '/admin/audit',
    '/admin/staff',
    '/admin/plans',
    '/admin/announcements',
    '/admin/settings',
    '/admin/2fa',
  ]);
});
