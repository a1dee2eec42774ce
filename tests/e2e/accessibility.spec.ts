import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, expect, journeyBudget, phoneViewport, test } from './fixtures';
import { activatedMember, signIn } from './helpers';

/** axe-core on every page of the portal, as the visitor, member and staff see it: no serious violations. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading...' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

async function audit(page: Page, paths: string[]): Promise<void> {
  // Each page takes about 4 s (its requests settle, then axe reads it) on a busy two-core machine.
  test.setTimeout(journeyBudget(30_000 + paths.length * 10_000));
  const found: string[] = [];
  for (const path of paths) found.push(...(await seriousViolations(page, path)));
  expect(found).toEqual([]);
}

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/contact',
  '/services',
  '/terms-and-conditions',
  '/talent',
  '/verify/HM-999999',
  '/no-such-page',
];

test('public pages', async ({ page }) => {
  await audit(page, PUBLIC_PAGES);
});

test('public pages at phone width', async ({ page }) => {
  await phoneViewport(page);
  await audit(page, ['/', '/signup', '/contact']);
});

test('member pages', async ({ page, mailbox }) => {
  await activatedMember(page, mailbox);
  await audit(page, [
    '/profile',
    '/editprofile',
    '/about',
    '/events',
    '/notifications',
    '/user/fees',
    '/profile/talent',
    '/artistmembershipform',
    '/scriptprintingform',
    '/welfareform',
    '/campingform',
    '/eventform',
    '/moviepremiereform',
  ]);
});

test('staff console', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await audit(page, [
    '/admin',
    '/admin/messages',
    '/admin/reports',
    '/admin/payments',
    '/admin/ads',
    '/admin/submissions',
    '/admin/members',
    '/admin/premieres',
    '/admin/events',
    '/admin/talent',
    '/admin/audit',
    '/admin/staff',
    '/admin/plans',
    '/admin/announcements',
    '/admin/2fa',
  ]);
});
