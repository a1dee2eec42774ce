import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import getPort from 'get-port';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineBudget } from '../../../tests/machine-budget.js';
import { Browser } from '../test-support/browser.js';
import { describeOnPostgres, inheritedPath, missingForTests, raceServerUrl } from '../test-support/on-postgres.js';
import { startS3Server } from '../test-support/s3-server.js';
import { createScratchDatabase } from '../test-support/scratch-database.js';
import { signupFields, testRedisUrl } from '../test-support/test-app.js';
import { REQUEST_ID_ATTRIBUTE } from './tracing.js';

/**
 * Traces (issue 27): the built portal, with OTEL_EXPORTER_OTLP_ENDPOINT naming a stand-in OTLP/HTTP
 * collector on loopback, sends each request's spans (HTTP server span with the request id, and the
 * PostgreSQL, Redis and S3 spans under it) when it stops on SIGTERM; without it, it imports nothing
 * of OpenTelemetry. The instrumentation must load before the modules it patches, so the portal
 * runs as `node dist/server/main.js`, as deployed.
 */
const mainScript = path.resolve(import.meta.dirname, '../../../dist/server/main.js');
const built = existsSync(mainScript);
if (!built)
  missingForTests(`no build at ${mainScript}: the tracing tests are SKIPPED; they need \`npm run build\` first (npm test builds before the API tests).`);

/** A span as the collector received it, its attributes flattened. */
interface ReceivedSpan {
  scope: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
}

const SPAN_KIND_SERVER = 2;

interface OtlpJson {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: {
      scope: { name: string };
      spans: { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes?: OtlpAttribute[] }[];
    }[];
  }[];
}
type OtlpAttribute = { key: string; value: Record<string, unknown> };

const flatten = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/** The stand-in collector: POST /v1/traces with OTLP's JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). */
async function startCollector(): Promise<{ url: string; spans: ReceivedSpan[]; resources: Record<string, unknown>[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const resources: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces' || request.headers['content-type'] !== 'application/json') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson;
      for (const { resource, scopeSpans } of body.resourceSpans) {
        resources.push(flatten(resource.attributes));
        for (const { scope, spans: received } of scopeSpans) {
          for (const span of received)
            spans.push({
              scope: scope.name,
              name: span.name,
              kind: span.kind,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              attributes: flatten(span.attributes),
            });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, resources, server };
}

interface Portal {
  base: string;
  child: ChildProcess;
  output: string[];
}

async function startPortal(env: Record<string, string>, nodeArgs: string[] = []): Promise<Portal> {
  const port = await getPort();
  const output: string[] = [];
  const child = spawn(process.execPath, [...nodeArgs, mainScript], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: inheritedPath, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', READINESS_DRAIN_MS: '0', ...env },
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const portal = { base: `http://127.0.0.1:${port}`, child, output };
  const deadline = Date.now() + machineBudget(60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}: ${output.join('')}`);
    if ((await fetch(`${portal.base}/readyz`).catch(() => undefined))?.ok) return portal;
    if (Date.now() > deadline) throw new Error(`the portal was not ready in time: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, as a deploy stops it: resolves to its exit code once it has drained and flushed its spans. */
async function stop(portal: Portal | undefined): Promise<number | null> {
  if (!portal || portal.child.exitCode !== null) return portal?.child.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => portal.child.once('exit', (code) => resolve(code)));
  portal.child.kill('SIGTERM');
  return exited;
}

/** The traced portal's settings: spans are only sent when it stops, so what arrives proves the flush on SIGTERM. */
const tracingEnv = (collectorUrl: string) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_BSP_SCHEDULE_DELAY: '600000',
});

/** The request's HTTP server span, found by the request id it carries. */
function serverSpanOf(spans: ReceivedSpan[], requestId: string): ReceivedSpan {
  const found = spans.filter((span) => span.kind === SPAN_KIND_SERVER && span.attributes[REQUEST_ID_ATTRIBUTE] === requestId);
  expect(found.map((span) => span.scope)).toEqual(['@opentelemetry/instrumentation-http']);
  return found[0]!;
}

/** The spans of an instrumentation below a span: same trace, and parents leading up to it. */
function spansUnder(spans: ReceivedSpan[], root: ReceivedSpan, scope: string): ReceivedSpan[] {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const below = (span: ReceivedSpan): boolean => {
    for (let parent = span.parentSpanId; parent !== undefined; parent = byId.get(parent)?.parentSpanId) if (parent === root.spanId) return true;
    return false;
  };
  return spans.filter((span) => span.scope === scope && span.traceId === root.traceId && below(span));
}

/** The log line of a request: every line of it carries the trace id of its spans. */
function logLinesOf(portal: Portal, requestId: string): Record<string, unknown>[] {
  return portal.output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.reqId === requestId);
}

async function profilePicture(phone: string): Promise<FormData> {
  const form = new FormData();
  form.append('phone', phone);
  form.append('title', 'Model');
  form.append(
    'profilePic',
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 40, height: 60, channels: 3, background: '#eee' } })
          .png()
          .toBuffer(),
      ),
    ]),
    'me.png',
  );
  return form;
}

describeOnPostgres('traces of the built portal on PostgreSQL, with Redis and S3', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let portal: Portal | undefined;
  const signupId = `signup-${randomUUID()}`;
  const pictureId = `picture-${randomUUID()}`;

  beforeAll(async () => {
    if (!built) return;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-traces-'));
    [collector, s3, scratch] = await Promise.all([startCollector(), startS3Server(), createScratchDatabase(raceServerUrl!, 'traces')]);
    portal = await startPortal({
      ...tracingEnv(collector.url),
      ...s3.env,
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
    });
    const browser = new Browser();
    const member = signupFields();
    const signup = await browser.request(portal, 'POST', '/api/users/signup', { json: member, headers: { 'x-request-id': signupId } });
    expect(signup.status, await signup.text()).toBe(201);
    const picture = await browser.request(portal, 'PUT', '/api/users/profile', {
      form: await profilePicture(String(member.phone)),
      headers: { 'x-request-id': pictureId },
    });
    expect(picture.status, await picture.text()).toBe(200);
    expect(await stop(portal)).toBe(0);
  }, machineBudget(120_000));

  afterAll(async () => {
    await stop(portal);
    collector?.server.close();
    await s3?.stop();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!built)('names the portal and its release on every span', () => {
    expect(collector.resources.length).toBeGreaterThan(0);
    for (const resource of collector.resources)
      expect(resource).toMatchObject({ 'service.name': 'home-of-movies-portal', 'service.version': expect.any(String) });
  });

  it.skipIf(!built)("sends a request's server span with its request id, its queries and Redis commands below it", () => {
    const server = serverSpanOf(collector.spans, signupId);
    expect(server).toMatchObject({ name: 'POST /api/users/signup', attributes: { 'http.route': '/api/users/signup', 'http.response.status_code': 201 } });
    const queries = spansUnder(collector.spans, server, '@opentelemetry/instrumentation-pg');
    expect(queries.some((span) => /insert into "users"/i.test(String(span.attributes['db.statement'] ?? span.attributes['db.query.text'])))).toBe(true);
    // The rate limits of sign-up, counted in Redis: the command's name, never its keys.
    const commands = spansUnder(collector.spans, server, '@opentelemetry/instrumentation-ioredis');
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands)
      expect(String(command.attributes['db.statement'] ?? command.attributes['db.query.text'])).not.toMatch(/@example\.com|127\.0\.0\.1/);
  });

  it.skipIf(!built)('sends the S3 call of an upload below its request', () => {
    const server = serverSpanOf(collector.spans, pictureId);
    const calls = spansUnder(collector.spans, server, '@opentelemetry/instrumentation-aws-sdk');
    expect(calls.map((span) => span.attributes['rpc.method'])).toContain('PutObject');
  });

  it.skipIf(!built)("writes the request's trace id in each of its log lines", () => {
    const server = serverSpanOf(collector.spans, signupId);
    const lines = logLinesOf(portal!, signupId);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.trace_id).toBe(server.traceId);
  });
});

describe('traces of the built portal on the embedded database', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let dataDir: string;
  let portal: Portal | undefined;
  const requestId = `plans-${randomUUID()}`;
  const feedRequestId = `feed-${randomUUID()}`;
  /** A calendar feed's secret address (schedule/calendar-feed.ts): refused, it is still a secret the traces must not carry. */
  const feedSecret = `${randomUUID()}.${randomBytes(24).toString('base64url')}.ics`;

  beforeAll(async () => {
    if (!built) return;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-traces-'));
    collector = await startCollector();
    portal = await startPortal({ ...tracingEnv(collector.url), DATA_DIR: dataDir });
    expect((await fetch(`${portal.base}/api/plans?code=card-check-code`, { headers: { 'x-request-id': requestId } })).status).toBe(200);
    expect((await fetch(`${portal.base}/api/calendar/${feedSecret}`, { headers: { 'x-request-id': feedRequestId } })).status).toBe(404);
    expect((await fetch(`${portal.base}/readyz`)).status).toBe(200);
    expect(await stop(portal)).toBe(0);
  }, machineBudget(120_000));

  afterAll(async () => {
    await stop(portal);
    collector?.server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!built)('sends the server span with the request id, and Fastify’s spans below it', () => {
    const server = serverSpanOf(collector.spans, requestId);
    expect(server).toMatchObject({ name: 'GET /api/plans', attributes: { 'http.route': '/api/plans', 'http.response.status_code': 200 } });
    expect(spansUnder(collector.spans, server, '@fastify/otel').map((span) => span.name)).toEqual(expect.arrayContaining(['request', 'handler /api/plans']));
  });

  it.skipIf(!built)('says of the URL what the logs say: a check code is left out', () => {
    const server = serverSpanOf(collector.spans, requestId);
    expect(server.attributes['url.query']).toBe('code=[redacted]');
    expect(JSON.stringify(collector.spans)).not.toContain('card-check-code');
  });

  it.skipIf(!built)('says of a calendar feed’s address what the logs say: its secret is left out', () => {
    const server = serverSpanOf(collector.spans, feedRequestId);
    expect(server).toMatchObject({ name: 'GET /api/calendar/:token', attributes: { 'url.path': '/api/calendar/[redacted]' } });
    expect(spansUnder(collector.spans, server, '@fastify/otel').map((span) => span.attributes['url.path'])).toContain('/api/calendar/[redacted]');
    expect(JSON.stringify(collector.spans)).not.toContain(feedSecret.split('.')[1]);
    expect(portal!.output.join('')).not.toContain(feedSecret.split('.')[1]);
  });

  it.skipIf(!built)('leaves out the probes of the load balancer', () => {
    expect(collector.spans.filter((span) => span.attributes['url.path'] === '/readyz')).toEqual([]);
  });
});

describe('the built portal without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let dataDir: string;
  let portal: Portal | undefined;

  afterAll(async () => {
    await stop(portal);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!built)('imports nothing of OpenTelemetry', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-untraced-'));
    // Node's module hooks see every module the process resolves: this one notes the packages that matter here.
    const watched = path.join(dataDir, 'modules.txt');
    const watcher = path.join(dataDir, 'watch-modules.mjs');
    writeFileSync(
      watcher,
      `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const found = /node_modules\\/(@opentelemetry\\/[^/]+|@fastify\\/otel|import-in-the-middle|require-in-the-middle|fastify)\\//.exec(resolved.url);
    if (found) appendFileSync(${JSON.stringify(watched)}, found[1] + '\\n');
    return resolved;
  },
});
`,
    );
    portal = await startPortal({ DATA_DIR: dataDir }, ['--import', pathToFileURL(watcher).href]);
    expect((await fetch(`${portal.base}/api/plans`)).status).toBe(200);
    const packages = new Set(readFileSync(watched, 'utf8').trim().split('\n'));
    // The watch sees the portal's own imports...
    expect(packages).toContain('fastify');
    // ...and no OpenTelemetry package among them but the API, which prom-client imports whatever
    // the setting (for exemplars) and which does nothing until an SDK registers.
    expect([...packages].filter((name) => name !== 'fastify' && name !== '@opentelemetry/api')).toEqual([]);
    expect(await stop(portal)).toBe(0);
  });
});
