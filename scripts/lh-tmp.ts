import { activatedMemberClient, freshDatabase, startPortal } from './lib/portal-process.js';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
async function main() {
const database = await freshDatabase();
console.log('db'); const site = await startPortal({ DATABASE_URL: database.url });
const viewer = await activatedMemberClient(site.baseUrl, database.url);
console.log('portal'); const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
console.log('chrome'); for (const path of process.argv.slice(2)) {
  const result = await lighthouse(`${site.baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: path === '/signup' || path === '/login' ? undefined : { Cookie: viewer.cookieHeader } });
  const lhr = result!.lhr;
  console.log(path, Math.round(lhr.categories.performance!.score! * 100));
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive']) console.log('  ', id, lhr.audits[id]?.displayValue, lhr.audits[id]?.score);
  const lcpEl = lhr.audits['largest-contentful-paint-element'] as any; console.log('   LCP element:', String(JSON.stringify(lcpEl?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null)).slice(0, 200));
  const boot = (lhr.audits['bootup-time'] as any).details.items.slice(0, 6).map((i: any) => `${i.url.replace(site.baseUrl, '')} script ${Math.round(i.scripting)} parse ${Math.round(i.scriptParseCompile)}`); console.log('   ' + boot.join('\n   '));
  const shifts = (lhr.audits['layout-shifts'] as any)?.details?.items ?? []; console.log('   shifts: ' + shifts.map((i: any) => `${Math.round(i.score * 1000) / 1000} ${i.node?.snippet?.slice(0, 80)}`).join(' | '));
  const lt = (lhr.audits['long-tasks'] as any)?.details?.items ?? []; console.log('   long tasks: ' + lt.map((i: any) => `${i.url.replace(site.baseUrl, '')}@${Math.round(i.startTime)}:${Math.round(i.duration)}`).join(', '));
  const mw = (lhr.audits['mainthread-work-breakdown'] as any).details.items.map((i: any) => `${i.group} ${Math.round(i.duration)}`); console.log('   main: ' + mw.join(', '));
  const net = (lhr.audits['network-requests'] as any).details.items.map((i: any) => `${i.url.replace(site.baseUrl, '')} ${Math.round(i.networkRequestTime ?? i.startTime)}-${Math.round(i.networkEndTime ?? i.endTime)} ${Math.round(i.transferSize / 1024)}KB`);
  console.log('   ' + net.join('\n   '));
}
await chrome.kill();
await site.stop();
await database.drop();

}
main().catch((e) => { console.error(e); process.exit(1); });
