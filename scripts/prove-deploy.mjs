// What the Dockerfile does, proven without Docker (CI has no daemon): its own steps run as a script
// (scripts/lib/dockerfile-steps.mjs: the build stage builds from a copy of the repository, the
// runtime stage installs the production dependencies alone and takes the build output), then the
// image's command starts with its environment and production settings, answers /readyz and the
// image's HEALTHCHECK, and stops cleanly on SIGTERM. The image is built once, however many
// servers it is proven on: it does not depend on the database.
//   node scripts/prove-deploy.mjs                  the embedded database, one process
//   REDIS_URL=redis://... node scripts/prove-deploy.mjs postgres://... [postgres://...]
//                                                  also two processes (PROCESSES=2) on each server
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDockerfile } from './lib/dockerfile-steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const postgresServers = process.argv.slice(2);
const folder = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
let image;
try {
  image = runDockerfile(root, folder);
  if (existsSync(path.join(image.dir, 'node_modules/vite'))) throw new Error('a development dependency was installed');
  if (!existsSync(path.join(image.dir, 'dist/server/main.js'))) throw new Error('the image holds no build');

  await prove('embedded database, one process', {});
  for (const server of postgresServers) await proveOnPostgres(server);
  console.log('deployable: every check passed');
} finally {
  rmSync(folder, { recursive: true, force: true });
}

/** Two processes of the image on a fresh database of the PostgreSQL server at `server`, with Redis when REDIS_URL names one. */
async function proveOnPostgres(server) {
  const version = execFileSync('psql', [server, '-Atc', 'show server_version'], { encoding: 'utf8' }).trim();
  const name = `deploy_${randomBytes(4).toString('hex')}`;
  execFileSync('psql', [server, '-qc', `create database ${name}`]);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    await prove(`PostgreSQL ${version}, two processes`, {
      DATABASE_URL: url.toString(),
      PROCESSES: '2',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
  } finally {
    execFileSync('psql', [server, '-qc', `drop database if exists ${name} with (force)`]);
  }
}

async function prove(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // The image's command; its `node` is the runner's (the same major as the image's base), tini left out.
  const [command, ...args] = image.cmd;
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: image.dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      ...image.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, `data-${port}`),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    const ready = await poll(`${base}/readyz`, child);
    if (ready.headers.get('x-request-id') === null) throw new Error('no X-Request-Id on /readyz');
    const page = await fetch(`${base}/`);
    if (!page.ok || !(await page.text()).includes('<div id="root">')) throw new Error(`the web app is not served (${page.status})`);
    console.log(`${label}: ready in ${Date.now() - started} ms, serves the web app`);
    if (image.healthcheck) {
      const [probe, ...probeArgs] = image.healthcheck;
      execFileSync(probe === 'node' ? process.execPath : probe, probeArgs, { env: { ...process.env, PORT: String(port) }, timeout: 10_000 });
      console.log(`${label}: the image's HEALTHCHECK passes`);
    }
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`${label}: exited with ${code} after SIGTERM, not 0`);
  console.log(`${label}: stopped cleanly on SIGTERM`);
}

async function poll(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode} before it was ready`);
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return answer;
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
