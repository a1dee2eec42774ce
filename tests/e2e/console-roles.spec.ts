import { ADMIN, expect, test } from './fixtures';
import { activatedMember, signIn, staffApi, staffConsole, xsrfHeader } from './helpers';

const FINANCE = { name: 'Emeka Obi', email: 'emeka.finance@example.com', password: 'finance-pass-7' };

test('finance opens a member’s page and is given no link into the submissions it cannot open', async ({ page, browser, baseURL, mailbox }) => {
  // A member who sent the welfare form.
  const member = await activatedMember(page, mailbox);
  const sent = await page.request.post('/api/users/welfareform', {
    headers: await xsrfHeader(page),
    data: { name: member.name, dob: '1990-08-24', address: 'Ikorodu', phone: member.phone, email: member.email, benefits: 'housing-support' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const memberId = ((await (await page.request.get('/api/users/profile')).json()) as { user: { id: string } }).user.id;

  // A finance staff member, invited by the admin, who chooses a password with the emailed code.
  const admin = await staffApi(baseURL!);
  expect(
    (await admin.post('/api/admin/staff', { data: { name: FINANCE.name, email: FINANCE.email, role: 'finance', currentPassword: ADMIN.password } })).status(),
  ).toBe(201);
  const code = await mailbox.codeFor(FINANCE.email, /invited/);
  const context = await browser.newContext({ baseURL });
  const finance = await context.newPage();
  // The invitation's own link (absolute) opens the password page as a first password, not a reset.
  const invitation = await mailbox.waitFor((m) => m.to.includes(FINANCE.email) && /invited/.test(m.subject));
  const link = /https?:\/\/[^\s/]+\/forgot-password\?invited=1/.exec(invitation.text)?.[0];
  expect(link, invitation.text).toBeDefined();
  // The portal listens on localhost in the mail and 127.0.0.1 here: the same page.
  await finance.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(finance.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await finance.request.get('/api/users/profile');
  const reset = await finance.request.post('/api/users/password/reset', {
    headers: await xsrfHeader(finance),
    data: { identifier: FINANCE.email, code, password: FINANCE.password, confirmPassword: FINANCE.password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await context.clearCookies();
  await signIn(finance, FINANCE.email, FINANCE.password);
  await expect(finance).toHaveURL(/\/admin$/);

  await finance.goto(`/admin/members/${memberId}`);
  const submissions = finance.getByRole('listitem').filter({ hasText: 'Welfare Form' });
  await expect(submissions).toBeVisible();
  await expect(submissions.getByRole('link')).toHaveCount(0);
  await context.close();

  // The admin, who may open it, gets the link.
  const { page: adminPage } = await staffConsole(browser, { baseURL });
  await adminPage.goto(`/admin/members/${memberId}`);
  await expect(adminPage.getByRole('listitem').filter({ hasText: 'Welfare Form' }).getByRole('link', { name: 'Welfare Form' })).toBeVisible();
  await admin.dispose();
});
