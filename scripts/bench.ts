/**
 * `npm run bench`: figures for the portal on PostgreSQL next to a bare node:http server on the
 * same machine in the same run (the physical limit), plus the landing page's JavaScript, a cold
 * start on the embedded database, memory after load, and Lighthouse scores.
 *
 *   npm run bench                 everything
 *   npm run bench -- --quick      3 s per load run, no Lighthouse
 *   npm run bench -- --processes 2  only the profile read and the form POST, with one portal
 *                                 process and then with 2 (PROCESSES=2, rate limits in Redis)
 *   npm run bench -- --only transfer  only the bytes of a first and a repeat visit to / and of
 *                                 the event form sent with three 4 MB camera photos
 *   npm run bench -- --only pages     only the public pages: Lighthouse (with LCP) and the landing's
 *                                 tagline on a slow phone
 *   npm run bench -- --only javascript  only the landing's JavaScript, once every script has loaded
 *   npm run bench -- --only webhooks  only Paystack's signed webhooks (signed by the stand-in):
 *                                 50 connections of charge.success, and 1,000 webhooks with 30%
 *                                 duplicates, counting the receipts in the database
 *   npm run bench -- --only member    only the member's side on a slow phone: /profile cold and repeat,
 *                                 /scriptprintingform cold, the requests before the dashboard shows
 *   npm run bench -- --only week      only the company's week (issue 28): 50 doors scanning cards into one
 *                                 register at once (p99 per scan, errors 0), a register of 1,000 arrivals
 *                                 read, and the calendar feed of a member with 5 years of sessions
 *   The exit code is 1 when any goal is not met or could not be measured.
 *   (both sections are also part of the full run)
 *   BENCH_DATABASE_URL=...        another PostgreSQL server (default: the local one)
 *
 * Each section is a module of scripts/bench/ (the whole run: all.ts; what they share: common.ts);
 * this file only picks them.
 *
 * Without --quick it also seeds a scratch database of 50,000 members for the reports' queries
 * (scripts/seed-reports-scale.ts, which runs on its own too).
 */
import { everything } from './bench/all.js';
import { landingJavaScriptOnly } from './bench/javascript.js';
import { memberPagesOnly } from './bench/member.js';
import { publicPagesOnly } from './bench/pages.js';
import { compareProcesses } from './bench/processes.js';
import { transferOnly } from './bench/transfer.js';
import { webhooksOnly } from './bench/webhooks.js';
import { weekOnly } from './bench/week.js';

const processesArg = process.argv.indexOf('--processes');
const PROCESSES = processesArg === -1 ? undefined : Number(process.argv[processesArg + 1]);
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg === -1 ? undefined : process.argv[onlyArg + 1];

/** The sections `--only` runs alone, each a module of scripts/bench/. */
const ONLY_MODES: Record<string, () => Promise<void>> = {
  transfer: transferOnly,
  pages: publicPagesOnly,
  javascript: landingJavaScriptOnly,
  webhooks: webhooksOnly,
  member: memberPagesOnly,
  week: weekOnly,
};

async function main() {
  if (PROCESSES !== undefined) return compareProcesses(PROCESSES);
  if (ONLY === undefined) return everything();
  const mode = ONLY_MODES[ONLY];
  if (!mode) throw new Error(`--only knows six sections, transfer, pages, javascript, webhooks, member and week (not ${ONLY})`);
  return mode();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
