// `--only javascript`: the landing's JavaScript, gzipped, once every script has loaded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { Goals, pageProblem } from '../lib/goals.js';
import { onPortalOfItsOwn } from '../lib/portal-process.js';
import { CHROME_FLAGS, CHROMIUM } from './common.js';

/** How long no new script must arrive before the landing's scripts count as all loaded. */
const SCRIPTS_QUIET_MS = 5000;

/** Gzipped kilobytes of the built scripts named. */
function gzippedKb(scripts: Iterable<string>): number {
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(readFileSync(path.join('dist/web', script)), { level: 9 }).length;
  return bytes / 1024;
}

/**
 * Every script the landing page loads, gzipped as a phone receives it: counted once the page has
 * loaded and no new script has arrived for SCRIPTS_QUIET_MS (at network idle, the scripts loaded
 * later were left out: 13 of 15), then again after the visitor's first use (a mouse movement): the
 * landing is read without its code, which starts then (PAGES_USED_WITHOUT_CODE). The page's
 * scripts: the service worker's (sw.js, its fetches) run apart from the page.
 */
async function landingJavaScriptKb(baseUrl: string): Promise<{ kb: number; files: number; beforeUse: { kb: number; files: number }; problem: string | null }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  let lastScriptAt = Date.now();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || scripts.has(url.pathname)) return;
    scripts.add(url.pathname);
    lastScriptAt = Date.now();
  });
  const response = await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  const problem = pageProblem('/', page.url(), response?.status());
  const untilQuiet = async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() - lastScriptAt < SCRIPTS_QUIET_MS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  };
  await untilQuiet();
  const beforeUse = { kb: gzippedKb(scripts), files: scripts.size };
  await page.mouse.move(100, 300);
  lastScriptAt = Date.now();
  await untilQuiet();
  await browser.close();
  return { kb: gzippedKb(scripts), files: scripts.size, beforeUse, problem };
}

const LANDING_JS_GOAL = 'landing JavaScript at most 110 KB gzipped';

export async function landingJavaScript(goals: Goals, baseUrl: string): Promise<void> {
  const js = await landingJavaScriptKb(baseUrl);
  console.log(
    `Landing page JavaScript, gzipped: ${js.beforeUse.kb.toFixed(1)} KB in ${js.beforeUse.files} files before the visitor's first use, ${js.kb.toFixed(1)} KB in ${js.files} files once used and every script has loaded`,
  );
  if (js.problem) goals.cannotMeasure(LANDING_JS_GOAL, js.problem);
  else if (js.files === 0) goals.cannotMeasure(LANDING_JS_GOAL, 'the landing page loaded no script');
  else goals.check(LANDING_JS_GOAL, `${js.kb.toFixed(1)} KB`, js.kb <= 110);
}

/** `--only javascript`: the landing's JavaScript alone, on a portal of its own. */
export async function landingJavaScriptOnly(): Promise<void> {
  const goals = new Goals();
  await onPortalOfItsOwn((portal) => landingJavaScript(goals, portal.baseUrl));
  goals.finish();
}
