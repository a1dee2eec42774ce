// The whole run (`npm run bench`, `--quick`): the load runs next to a bare server, then every section, a
// cold start and, without --quick, Lighthouse and the reports at scale.
import { readFileSync, rmSync } from 'node:fs';
import { Goals, type LoadResult, shareOf } from '../lib/goals.js';
import { activatedMemberClient, DEFAULT_PG, freshDatabase, memberFields, PortalClient, startPortal, waitForAnswer } from '../lib/portal-process.js';
import { measureTransfer } from '../lib/transfer.js';
import { GOAL_MS, measureReportsAtScale } from '../seed-reports-scale.js';
import {
  CHROME_FLAGS,
  CHROMIUM,
  CONNECTIONS,
  DURATION,
  FORM_BODY,
  load,
  quick,
  SHARE_ROUNDS,
  type ShareRounds,
  shareRounds,
  startBareServer,
  startChild,
  WARMUP,
} from './common.js';

import { LIGHTHOUSE_RUNS, lighthouseScores, unscoredWhy } from './lighthouse.js';
import { landingJavaScript } from './javascript.js';
import { paystackWebhooks } from './webhooks.js';
import { publicPagesOnPortalOfTheirOwn } from './pages.js';
import { memberPagesOnPortalOfTheirOwn } from './member.js';
import { companyWeek } from './week.js';

/** Accounts the sign-in load is spread over: more than the connections. */
const LOGIN_ACCOUNTS = 2 * CONNECTIONS;

const startReferenceServer = (databaseUrl: string) => startChild((port) => ['scripts/lib/reference-server.mjs', String(port), databaseUrl]);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function everything() {
  const goals = new Goals();
  console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s of warm-up, Node ${process.version}\n`);
  const database = await freshDatabase();
  // As production runs: on PostgreSQL, every request logged.
  const portal = await startPortal({ DATABASE_URL: database.url }, { requestLog: true });
  // As `npm start` runs on a laptop: the embedded database in the portal's own process.
  const embedded = await startPortal({ DATABASE_URL: '' }, { requestLog: true });
  const bare = await startBareServer();
  const reference = await startReferenceServer(database.url);
  try {
    const member = await activatedMemberClient(portal.baseUrl, database.url);
    // Sign-ins spread over more accounts than connections, as members sign in: a few tries at
    // once on one account are the most a person makes (auth/wrong-guesses.ts holds a crowd back).
    const loginBodies: string[] = [];
    for (let account = 0; account < LOGIN_ACCOUNTS; account++) {
      const fields = memberFields();
      await new PortalClient(portal.baseUrl).json('POST', '/api/users/signup', { json: fields });
      loginBodies.push(JSON.stringify({ email: fields.email, password: fields.password }));
    }
    let nextLogin = 0;
    const authHeaders = { cookie: member.cookieHeader, 'x-xsrf-token': member.xsrf, 'content-type': 'application/json' };
    const visitor = new PortalClient(portal.baseUrl);
    await visitor.request('GET', '/api/users/profile');
    const embeddedMember = new PortalClient(embedded.baseUrl);
    await embeddedMember.json('POST', '/api/users/signup', { json: memberFields() });
    const runs: LoadResult[] = [];
    runs.push(await load('bare node:http (limit)', { url: bare.url }));
    runs.push(await load('reference: Fastify + one pg primary-key read, nothing else', { url: reference.url }));
    // This machine's speed moves within a run (its cores are shared): each profile read is judged
    // on the median of SHARE_ROUNDS rounds, a bare run just before each call.
    const profile = await shareRounds('GET /api/users/profile (signed in)', bare.url, {
      url: `${portal.baseUrl}/api/users/profile`,
      headers: { cookie: member.cookieHeader },
    });
    const embeddedProfile = await shareRounds('GET /api/users/profile (signed in) on the embedded database, as `npm start` runs', bare.url, {
      url: `${embedded.baseUrl}/api/users/profile`,
      headers: { cookie: embeddedMember.cookieHeader },
    });
    await embedded.stop();
    rmSync(embedded.dataDir, { recursive: true, force: true });
    runs.push(await load('GET /api/ads', { url: `${portal.baseUrl}/api/ads` }));
    runs.push(await load('GET / (landing HTML)', { url: `${portal.baseUrl}/`, headers: { 'accept-encoding': 'br, gzip' } }));
    runs.push(
      await load('POST /api/users/scriptprintingform', {
        url: `${portal.baseUrl}/api/users/scriptprintingform`,
        method: 'POST',
        headers: authHeaders,
        body: FORM_BODY,
      }),
    );
    // Last: the password hashes still running when it stops would be counted against the next run.
    runs.push(
      await load('POST /api/users/login', {
        url: `${portal.baseUrl}/api/users/login`,
        method: 'POST',
        headers: { cookie: visitor.cookieHeader, 'x-xsrf-token': visitor.xsrf, 'content-type': 'application/json' },
        requests: [{ setupRequest: (request) => ({ ...request, body: loginBodies[nextLogin++ % loginBodies.length] }) }],
      }),
    );
    const rss = rssMb(portal.child.pid!);

    const [bareRun, referenceRun, ...otherRuns] = runs as [LoadResult, LoadResult, ...LoadResult[]];
    // The portal as production runs it; the embedded database's rounds are judged on their own below.
    const portalRuns = [...profile.rounds.map(({ call }) => call), ...otherRuns];
    console.log('| call | req/s | p99 ms | errors | share of bare |');
    console.log('|---|---:|---:|---:|---:|');
    const row = (run: LoadResult, of: LoadResult) => console.log(`| ${run.name} | ${Math.round(run.rps)} | ${run.p99} | ${run.errors} | ${shareOf(run, of)} |`);
    row(bareRun, bareRun);
    row(referenceRun, bareRun);
    for (const { bare: bareBefore, call } of [...profile.rounds, ...embeddedProfile.rounds]) {
      row(bareBefore, bareRun);
      row(call, bareBefore);
    }
    for (const run of otherRuns) row(run, bareRun);
    console.log(`\nPortal memory (RSS) after the load: ${rss.toFixed(0)} MB`);
    const roundsOf = (rounds: ShareRounds) => rounds.rounds.flatMap(({ bare: bareBefore, call }) => [bareBefore, call]);
    const medianShare = (rounds: ShareRounds) =>
      `median ${(rounds.median * 100).toFixed(1)}% of ${SHARE_ROUNDS} rounds (${rounds.rounds.map(({ bare: bareBefore, call }) => shareOf(call, bareBefore)).join(', ')})`;
    // Issue 13's floor; the reference row shows what Fastify with one pg read does on the same machine.
    goals.checkRuns(
      'signed-in profile at least 25% of the bare server (PostgreSQL, every request logged: as production runs)',
      [bareRun, ...roundsOf(profile)],
      () => ({
        measured: `${medianShare(profile)}; reference ${shareOf(referenceRun, bareRun)}`,
        met: profile.median >= 0.25,
      }),
    );
    goals.checkRuns('signed-in profile at least 25% of the bare server on the embedded database (`npm start`)', roundsOf(embeddedProfile), () => ({
      measured: medianShare(embeddedProfile),
      met: embeddedProfile.median >= 0.25,
    }));
    // The baselines must have run clean for the portal's errors to mean anything.
    goals.checkRuns('zero errors under load', [bareRun, referenceRun], () => {
      const errors = portalRuns.reduce((sum, run) => sum + run.errors, 0);
      return { measured: `${errors} errors`, met: errors === 0 && portalRuns.every((run) => run.rps > 0) };
    });
    goals.checkRuns('p99 under 20 ms', portalRuns, () => {
      const slow = portalRuns.filter((run) => run.p99 >= 20);
      return { measured: slow.length ? `over: ${slow.map((run) => `${run.name} ${run.p99} ms`).join(', ')}` : 'every call', met: slow.length === 0 };
    });

    await landingJavaScript(goals, portal.baseUrl);
    await paystackWebhooks(goals);
    await companyWeek(goals);
    await measureTransfer(goals, { executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });

    await portal.stop();
    const cold = await startPortal({ DATABASE_URL: '' }, { npmStart: true });
    await cold.stop();
    const restarted = await startPortal({ DATABASE_URL: '', DATA_DIR: cold.dataDir }, { npmStart: true });
    await restarted.stop();
    rmSync(cold.dataDir, { recursive: true, force: true });
    console.log(
      `Cold start of \`npm start\` on the embedded database, to the first answer: first start ${(cold.startupMs / 1000).toFixed(2)} s (creates the database), restart ${(restarted.startupMs / 1000).toFixed(2)} s`,
    );
    goals.check('cold start under 5 s', `${(cold.startupMs / 1000).toFixed(2)} s`, cold.startupMs < 5000);

    if (!quick) {
      const site = await startPortal({ DATABASE_URL: database.url });
      try {
        const viewer = await activatedMemberClient(site.baseUrl, database.url);
        await waitForAnswer(site.baseUrl);
        const rows = await lighthouseScores(site.baseUrl, [
          { path: '/' },
          { path: '/login' },
          { path: '/signup' },
          { path: '/profile', cookie: viewer.cookieHeader },
          { path: '/scriptprintingform', cookie: viewer.cookieHeader },
        ]);
        console.log(`\nLighthouse (mobile defaults), ${LIGHTHOUSE_RUNS} runs a page:`);
        console.log('| page | performance (median) | performance (range) | accessibility (lowest) |');
        console.log('|---|---:|---:|---:|');
        for (const row of rows) console.log(`| ${row.page} | ${row.performance} | ${row.performanceRange} | ${row.accessibility} |`);
        const lighthouseGoal = 'Lighthouse 95+ performance, 100 accessibility';
        const unscored = rows.filter((row) => !row.measured);
        const short = rows.filter((row) => row.performance < 95 || row.accessibility < 100);
        if (unscored.length > 0) goals.cannotMeasure(lighthouseGoal, `no score for ${unscored.map(unscoredWhy).join(', ')}`);
        else goals.check(lighthouseGoal, short.length ? `short: ${short.map((row) => row.page).join(', ')}` : 'every page', short.length === 0);
      } finally {
        await site.stop();
      }
      await publicPagesOnPortalOfTheirOwn(goals);
      await memberPagesOnPortalOfTheirOwn(goals);
    }
    if (!quick) await reportsAtScale(goals);
    goals.finish();
  } finally {
    bare.stop();
    reference.stop();
    await portal.stop();
    await database.drop();
    rmSync(portal.dataDir, { recursive: true, force: true });
  }
}

/** The reports page's queries on a scratch database of 50,000 members and 500,000 ledger entries (seeding takes minutes: not with --quick). */
async function reportsAtScale(goals: Goals): Promise<void> {
  const goal = `reports queries under ${GOAL_MS} ms at 50,000 members`;
  try {
    console.log('\nReports at scale (seeding a scratch database):');
    const figures = await measureReportsAtScale(DEFAULT_PG, { log: (line) => console.log(`- ${line}`) });
    const held = figures.filter((figure) => figure.goal);
    const slowest = held.reduce((a, b) => (b.ms > a.ms ? b : a));
    goals.check(
      goal,
      `slowest: ${slowest.name} ${slowest.ms.toFixed(1)} ms`,
      held.every((figure) => figure.ms <= GOAL_MS),
    );
  } catch (error) {
    goals.cannotMeasure(goal, `could not seed or query: ${error instanceof Error ? error.message : String(error)}`);
  }
}
