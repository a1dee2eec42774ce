import os from 'node:os';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Goals, pageProblem } from './goals.js';
import { activatedMemberClient, memberFields } from './portal-process.js';

const MEMBER_PASSWORD = memberFields().password;

/**
 * The member's side on a slow phone (issue 31): the same profile as the landing's tagline (400 kbit/s
 * both ways, 400 ms round trips, the CPU 4 times slower), signed in as an activated member.
 *
 * - `/profile` (the dashboard) cold: a new browser context, empty cache, no service worker; from
 *   navigation to the member's name shown with no spinner left on the page.
 * - `/profile` repeat: the same context after the cold visit has settled (service worker active,
 *   network idle), navigated to again.
 * - `/scriptprintingform` cold: until its first field and its submit button are enabled and shown,
 *   with every stylesheet the page links loaded. A form drawn in the browser is there only once
 *   its code runs; the drawn form (decision 023) posts as a plain form until then.
 * - Requests: what the page had asked for (the document and every resource, API calls included)
 *   when the dashboard's content showed, on the cold visit.
 */

export const DASHBOARD_COLD_GOAL_MS = 3000;
export const DASHBOARD_REPEAT_GOAL_MS = 1500;
export const FORM_COLD_GOAL_MS = 3000;
export const DASHBOARD_REQUESTS_GOAL = 12;
const RUNS = 5;

interface Shown {
  ms: number;
  requests: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * performance.now() when the dashboard's content is shown: the member's name, no spinner anywhere,
 * and every stylesheet the page links loaded (until then the browser paints nothing).
 */
async function dashboardShown(page: Page): Promise<Shown> {
  const shown = await page.waitForFunction(
    () => {
      const name = document.querySelector('.dashboard__name');
      if (!name?.checkVisibility() || document.querySelector('.spinner')) return false;
      if ([...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some((link) => !link.sheet)) return false;
      return { ms: performance.now(), requests: performance.getEntriesByType('resource').length + 1 };
    },
    undefined,
    { polling: 'raf', timeout: 90_000 },
  );
  return (await shown.jsonValue()) as Shown;
}

/** performance.now() when the form can be used: its first field and its submit button enabled and shown, its stylesheets loaded. */
async function formUsable(page: Page): Promise<Shown> {
  const shown = await page.waitForFunction(
    () => {
      const form = document.querySelector('main form');
      const field = form?.querySelector<HTMLInputElement>('input:not([type=hidden]), select, textarea');
      const submit = form?.querySelector<HTMLButtonElement>('button[type=submit]');
      if (!field || !submit || field.disabled || submit.disabled || !submit.checkVisibility()) return false;
      if ([...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some((link) => !link.sheet)) return false;
      return { ms: performance.now(), requests: performance.getEntriesByType('resource').length + 1 };
    },
    undefined,
    { polling: 'raf', timeout: 90_000 },
  );
  return (await shown.jsonValue()) as Shown;
}

/** A new context (empty cache) signed in as the member through the portal's own login call, on the slow phone. */
async function signedInPage(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.request.get(`${baseUrl}/api/users/profile`);
  const xsrf = (await context.cookies(baseUrl)).find((cookie) => cookie.name.endsWith('XSRF-TOKEN'))?.value ?? '';
  const login = await context.request.post(`${baseUrl}/api/users/login`, { headers: { 'x-xsrf-token': xsrf }, data: { email, password: MEMBER_PASSWORD } });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  const page = await context.newPage();
  await slowPhone(page);
  return page;
}

async function serviceWorkerSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return;
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
  });
  await page.waitForLoadState('networkidle');
}

export interface MemberFigures {
  cold: Shown[];
  repeat: Shown[];
  form: Shown[];
  load: string;
}

export async function measureMemberPages(baseUrl: string, databaseUrl: string, launch: { executablePath: string; args: string[] }): Promise<MemberFigures> {
  const member = await activatedMemberClient(baseUrl, databaseUrl);
  const { user } = await member.json<{ user: { email: string } }>('GET', '/api/users/profile');
  const browser = await chromium.launch(launch);
  const figures: MemberFigures = { cold: [], repeat: [], form: [], load: '' };
  const loads: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      loads.push(os.loadavg()[0]!);
      const page = await signedInPage(browser, baseUrl, user.email);
      const response = await page.goto(`${baseUrl}/profile`, { waitUntil: 'commit' });
      const cold = await dashboardShown(page);
      const problem = pageProblem('/profile', page.url(), response?.status());
      if (problem) throw new Error(problem);
      figures.cold.push(cold);
      await serviceWorkerSettled(page);
      await page.goto(`${baseUrl}/profile`, { waitUntil: 'commit' });
      figures.repeat.push(await dashboardShown(page));
      await page.context().close();

      const formPage = await signedInPage(browser, baseUrl, user.email);
      const formResponse = await formPage.goto(`${baseUrl}/scriptprintingform`, { waitUntil: 'commit' });
      const form = await formUsable(formPage);
      const formProblem = pageProblem('/scriptprintingform', formPage.url(), formResponse?.status());
      if (formProblem) throw new Error(formProblem);
      figures.form.push(form);
      await formPage.context().close();
    }
  } finally {
    await browser.close();
  }
  loads.push(os.loadavg()[0]!);
  figures.load = `load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.availableParallelism()} cores`;
  return figures;
}

/** Prints the member pages' figures and judges the four goals. */
export async function memberPages(goals: Goals, baseUrl: string, databaseUrl: string, launch: { executablePath: string; args: string[] }): Promise<void> {
  const names = {
    cold: `/profile content visible cold within ${DASHBOARD_COLD_GOAL_MS / 1000} s`,
    repeat: `/profile content visible on a repeat visit within ${DASHBOARD_REPEAT_GOAL_MS / 1000} s`,
    form: `/scriptprintingform usable cold within ${FORM_COLD_GOAL_MS / 1000} s`,
    requests: `at most ${DASHBOARD_REQUESTS_GOAL} requests before the dashboard's content shows (cold)`,
  };
  let figures: MemberFigures;
  try {
    figures = await measureMemberPages(baseUrl, databaseUrl, launch);
  } catch (error) {
    for (const goal of Object.values(names)) goals.cannotMeasure(goal, error instanceof Error ? error.message : String(error));
    return;
  }
  const list = (shown: Shown[]) => shown.map((one) => `${Math.round(one.ms)}`).join(', ');
  console.log(`\nMember pages on a slow phone (400 kbit/s, 400 ms RTT, 4x CPU), ${figures.cold.length} runs, ${figures.load}:`);
  console.log(`- /profile cold: ${list(figures.cold)} ms; requests ${figures.cold.map((one) => one.requests).join(', ')}`);
  console.log(`- /profile repeat: ${list(figures.repeat)} ms`);
  console.log(`- /scriptprintingform cold: ${list(figures.form)} ms; requests ${figures.form.map((one) => one.requests).join(', ')}`);
  const cold = median(figures.cold.map((one) => one.ms));
  const repeat = median(figures.repeat.map((one) => one.ms));
  const form = median(figures.form.map((one) => one.ms));
  const requests = median(figures.cold.map((one) => one.requests));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s (median, ${figures.load})`;
  goals.check(names.cold, seconds(cold), cold <= DASHBOARD_COLD_GOAL_MS);
  goals.check(names.repeat, seconds(repeat), repeat <= DASHBOARD_REPEAT_GOAL_MS);
  goals.check(names.form, seconds(form), form <= FORM_COLD_GOAL_MS);
  goals.check(names.requests, `${requests} (median)`, requests <= DASHBOARD_REQUESTS_GOAL);
}
