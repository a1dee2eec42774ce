import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { machineBudget } from '../../tests/machine-budget.js';
import { describeOnPostgres, inheritedPath, missingForTests, raceServerUrl } from './test-support/on-postgres.js';
import { createScratchDatabase } from './test-support/scratch-database.js';

/**
 * `/metrics` from `PROCESSES=2`: whichever process a scrape reaches, the counters are every
 * process's summed by the primary, so two scrapes agree with each other and with the requests made.
 */
const mainScript = path.resolve(import.meta.dirname, '../../dist/server/main.js');
const built = existsSync(mainScript);
if (!built) missingForTests(`no build at ${mainScript}: the PROCESSES=2 metrics tests are SKIPPED; they need \`npm run build\` first.`);

const TOKEN = 'metrics-token-for-the-cluster-test';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let dataDir: string;
let child: ChildProcess;
let base: string;
const stdout: string[] = [];

/** A request on a connection of its own (no keep-alive), so the cluster hands each to the next process. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

function value(metrics: string, series: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  if (!line)
    throw new Error(
      `no ${series} in the scrape:\n${metrics
        .split('\n')
        .filter((l) => l.startsWith('portal_'))
        .join('\n')}`,
    );
  return Number(line.slice(series.length + 1));
}

const scrape = async () => {
  const answer = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(answer.status).toBe(200);
  return answer.body;
};

describeOnPostgres('metrics from PROCESSES=2', () => {
  beforeAll(
    async () => {
      if (!built) return;
      dataDir = mkdtempSync(path.join(tmpdir(), 'portal-metrics-'));
      scratch = await createScratchDatabase(raceServerUrl!, 'metrics');
      const port = await getPort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [mainScript], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: inheritedPath,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          PROCESSES: '2',
          METRICS_TOKEN: TOKEN,
          DATABASE_URL: scratch.url,
          SESSION_SECRET: randomBytes(32).toString('hex'),
          SMTP_URL: 'smtp://127.0.0.1:1',
        },
      });
      child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
      const deadline = Date.now() + machineBudget(60_000);
      // Both processes listening (each logs it), and answering.
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}: ${stdout.join('')}`);
        const listening = stdout
          .join('')
          .split('\n')
          .filter((line) => line.includes('Server listening at')).length;
        if (listening >= 2 && (await get('/readyz').catch(() => ({ status: 0 }))).status === 200) break;
        if (Date.now() > deadline) throw new Error(`the two processes were not ready in ${machineBudget(60_000)} ms: ${stdout.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    machineBudget(60_000) + 60_000,
  );

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The processes (pids) that logged an answer to `url`. */
  function servingPids(url: string): Set<number> {
    const pids = new Set<number>();
    for (const line of stdout.join('').split('\n')) {
      if (!line.includes(`"url":"${url}"`)) continue;
      const pid = /"pid":(\d+)/.exec(line)?.[1];
      if (pid) pids.add(Number(pid));
    }
    return pids;
  }

  it.skipIf(!built)('counts every process’s answers: two scrapes agree with each other and with the requests made', async () => {
    const before = [await scrape(), await scrape()];
    const okBefore = before.map((text) => value(text, 'portal_http_responses_total{status_code="200"}'));
    expect(okBefore[1], 'two scrapes in a row, reaching the two processes in turn').toBe(okBefore[0]);

    for (let i = 0; i < 12; i++) expect((await get('/api/site')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get('/api/no-such-route')).status).toBe(404);
    expect(servingPids('/api/site').size, 'the requests reached both processes').toBe(2);

    const after = [await scrape(), await scrape()];
    for (const text of after) {
      expect(value(text, 'portal_http_responses_total{status_code="200"}')).toBe(okBefore[0]! + 12);
      expect(value(text, 'portal_http_responses_total{status_code="404"}')).toBe(5);
      expect(value(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/site",status_code="200"}')).toBe(12);
      // The database's figures once, not once per process; the database answered.
      expect(value(text, 'portal_outbox_unsent')).toBe(0);
      expect(value(text, 'portal_metrics_database_figures')).toBe(1);
      expect(value(text, 'portal_dependency_up{dependency="database"}')).toBe(1);
      expect(text).toMatch(/^portal_db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    }
  });
});
