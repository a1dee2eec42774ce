import { expect, phoneViewport, test } from './fixtures';

/** Issue 31: on a slow phone the code arrives seconds after the page; the menu must open before it. */
test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page menu opens and closes at phone size', async ({ page }) => {
    await phoneViewport(page);
    await page.goto('/');
    const menu = page.locator('#main-menu');
    await expect(menu).toBeHidden();
    await page.locator('label.navbar__toggle').click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Services' })).toBeVisible();
    await page.locator('label.navbar__toggle').click();
    await expect(menu).toBeHidden();
  });
});
