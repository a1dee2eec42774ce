import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { startPortal } from './lib/portal-process.js';
async function main() {
  const site = await startPortal({});
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(site.baseUrl + (process.argv[2] ?? '/signup'), { waitUntil: 'networkidle' });
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/prof/page.cpuprofile', JSON.stringify(profile));
  await browser.close();
  await site.stop();
}
main().catch((e) => { console.error(e); process.exit(1); });
