import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { machineBudget } from './tests/machine-budget';

/** Debian's Chromium where it is installed (Playwright cannot download its own here), else Playwright's. */
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // A stray test.only would pass while running one journey: refused everywhere, CI or not.
  forbidOnly: true,
  workers: 1,
  retries: 0,
  // Budgets grow with the machine's load (tests/machine-budget.ts); a long journey asks for more with journeyBudget.
  timeout: machineBudget(60_000),
  expect: { timeout: machineBudget(10_000) },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    // Journeys stand in for the network with page.route, which a service worker's own fetches
    // would bypass: the worker runs only in the journeys about it (installable.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
