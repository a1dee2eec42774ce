import { expect, newMember, phoneViewport, test } from './fixtures';
import { signIn, signUpThroughForm, tinyPng, unexpectedErrors, watchConsole } from './helpers';

test('a member signs up, signs out, signs in by phone, edits the profile with a picture and terminates', async ({ page }) => {
  const errors = watchConsole(page);
  const member = newMember();

  await signUpThroughForm(page, member);
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(page.getByText('Signed up successfully!')).toBeVisible();
  const overview = page.locator('#overview');
  await expect(overview.getByText(member.email)).toBeVisible();
  await expect(overview.getByText('9 Mar 1996')).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Update your title' })).toBeVisible();
  await expect(page.getByText('No achievements yet')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  // The local 0805... form the member typed at sign-up.
  await signIn(page, member.phone, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/editprofile$/);
  await page.locator('input[name="profilePic"]').setInputFiles(tinyPng());
  await expect(page.locator('img.avatar')).toHaveAttribute('src', /^blob:/);
  await page.locator('[name="title"]').fill('Lead Actress');
  await page.locator('[name="bio"]').fill('Ten years on stage and screen.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.locator('#overview').getByText('Ten years on stage and screen.')).toBeVisible();
  const avatar = page.locator('img.avatar');
  await expect(avatar).toHaveAttribute('src', /^\/api\/files\//);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Terminate Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terminate account' });
  await expect(dialog).toContainText('Are you sure you want to terminate your account? This action cannot be undone.');
  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByRole('button', { name: 'Terminate' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByText('Account terminated successfully')).toBeVisible();

  await signIn(page, member.email, member.password);
  await expect(page.locator('form').getByRole('alert')).toContainText(/credentials|password/i);
  await expect(page).toHaveURL(/\/login$/);

  expect(unexpectedErrors(errors)).toEqual([]);
});

test('login asks for both fields and the sign-up form checks the passwords', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  const refusal = page.getByText('Please fill in all fields.');
  await expect(refusal).toBeVisible();
  // The message stays until the member changes what they typed.
  await page.waitForTimeout(3500);
  await expect(refusal).toBeVisible();
  await page.getByLabel('Email or phone').fill('someone@example.com');
  await expect(refusal).toBeHidden();

  await page.goto('/signup');
  const submit = page.getByRole('button', { name: 'Sign up' });
  await expect(submit).toBeDisabled();
  await page.locator('[name="email"]').fill('someone@example.com');
  await page.locator('[name="password"]').fill('first-password');
  await page.locator('[name="confirmPassword"]').fill('other-password');
  await expect(submit).toBeDisabled();
  await page.locator('[name="confirmPassword"]').fill('first-password');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('You must agree to the privacy policy and terms')).toBeVisible();
});

test('guards send visitors away, and unknown paths show the 404 page', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await page.goto('/editprofile');
  await expect(page).toHaveURL(/\/login\?next=%2Feditprofile$/);
  await page.goto('/about');
  await expect(page).toHaveURL(/\/signup\?next=%2Fabout$/);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('This page does not exist')).toBeVisible();
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('THE HOME OF MOVIES, MODELLING & MUSIC', { exact: true })).toBeVisible();
  await expect(page.getByText('Come lets do business.')).toBeVisible();

  await page.goto('/services');
  await expect(page.getByText('₦60,500.00')).toHaveCount(3);
  await page.goto('/contact');
  // The shared schema checks the message on the page (fetched on the first focus) before it is sent.
  const contactForm = page.locator('form');
  await contactForm.getByLabel('Last name').fill('Okafor');
  await contactForm.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await contactForm.getByLabel('First name').fill('Chioma');
  await contactForm.getByLabel('Email').fill('chioma.contact@example.com');
  await contactForm.getByLabel('Phone').fill('08031234567');
  await contactForm.getByLabel('Type of enquiry').selectOption({ label: 'Support' });
  await contactForm.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Thank you for contacting us. We will get back to you soon.').first()).toBeVisible();
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();

  // The unknown path's own status: 404.
  expect(unexpectedErrors(errors, [401, 404])).toEqual([]);
});

test('a page that cannot be downloaded reloads once, then shows why, and the rest of the site still works', async ({ page }) => {
  // As after a deploy that replaced the page's file while the tab was open, and the new build lacks it too.
  // A page whose code starts once painted (one read without it would show its drawn words).
  await page.route(/\/assets\/contact-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('Come lets do business.')).toBeVisible();
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) loads.push(new URL(request.url()).pathname);
  });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  // Once by the visitor, once by the page itself; never again, whatever the wait.
  await page.waitForTimeout(1000);
  expect(loads).toEqual(['/contact', '/contact']);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Come lets do business.')).toBeVisible();
});

test('the mobile menu opens at 360 px, marks the page and closes when the window widens', async ({ page }) => {
  await phoneViewport(page);
  await page.goto('/');
  // The visitor's first use starts the landing's code, which turns the menu's checkbox into this button.
  await page.mouse.move(20, 300);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/menu-open/);
  await expect(menu.getByRole('link', { name: 'Services' })).toBeVisible();

  await page.setViewportSize({ width: 800, height: 740 });
  await expect(page.locator('body')).not.toHaveClass(/menu-open/);
  await expect(page.getByRole('button', { name: /menu/ })).toBeHidden();

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
