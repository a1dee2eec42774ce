// `--processes N`: the profile read and the form POST with one portal process, then with N.
import { activatedMemberClient, onPortalOfItsOwn } from '../lib/portal-process.js';
import { CONNECTIONS, DURATION, FORM_BODY, load } from './common.js';

const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The profile read and the form POST with one process, then with `processes`, in the same run. */
export async function compareProcesses(processes: number) {
  console.log(`Benchmark: 1 and ${processes} portal processes, ${CONNECTIONS} connections, ${DURATION} s per run, rate limits in Redis\n`);
  console.log('| processes | call | req/s | p99 ms | errors |');
  console.log('|---:|---|---:|---:|---:|');
  for (const count of [1, processes]) {
    await onPortalOfItsOwn(
      async (portal, databaseUrl) => {
        const member = await activatedMemberClient(portal.baseUrl, databaseUrl);
        const authHeaders = { cookie: member.cookieHeader, 'x-xsrf-token': member.xsrf, 'content-type': 'application/json' };
        const runs = [
          await load('GET /api/users/profile (signed in)', { url: `${portal.baseUrl}/api/users/profile`, headers: { cookie: member.cookieHeader } }),
          await load('POST /api/users/scriptprintingform', {
            url: `${portal.baseUrl}/api/users/scriptprintingform`,
            method: 'POST',
            headers: authHeaders,
            body: FORM_BODY,
          }),
        ];
        for (const run of runs) console.log(`| ${count} | ${run.name} | ${Math.round(run.rps)} | ${run.p99} | ${run.errors} |`);
      },
      { PROCESSES: String(count), REDIS_URL: BENCH_REDIS_URL, REDIS_KEY_PREFIX: `bench-${Date.now()}:` },
    );
  }
}
