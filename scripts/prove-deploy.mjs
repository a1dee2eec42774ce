// What the Dockerfile does, proven without Docker (CI has no daemon): the build output and the
// production dependencies alone, installed into a fresh folder, start with production settings,
// answer /readyz, and stop cleanly on SIGTERM. Run after `npm run build`.
//   node scripts/prove-deploy.mjs                  the embedded database, one process
//   DATABASE_URL=postgres://... REDIS_URL=redis://... node scripts/prove-deploy.mjs
//                                                  also two processes (PROCESSES=2) on that server
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('no build: run npm run build first');

const folder = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
try {
  console.log(`installing the runtime into ${folder}`);
  for (const entry of ['package.json', 'package-lock.json', 'dist', 'drizzle']) cpSync(path.join(root, entry), path.join(folder, entry), { recursive: true });
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  // The native modules ship prebuilt binaries; a rebuild picks the one for this machine.
  execFileSync('npm', ['rebuild', 'argon2', 'sharp'], { cwd: folder, stdio: 'inherit' });
  if (existsSync(path.join(folder, 'node_modules/vite'))) throw new Error('a development dependency was installed');

  await prove('embedded database, one process', {});
  if (process.env.DATABASE_URL) {
    const name = `deploy_${randomBytes(4).toString('hex')}`;
    execFileSync('psql', [process.env.DATABASE_URL, '-qc', `create database ${name}`]);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      await prove('PostgreSQL, two processes', {
        DATABASE_URL: url.toString(),
        PROCESSES: '2',
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      });
    } finally {
      execFileSync('psql', [process.env.DATABASE_URL, '-qc', `drop database if exists ${name} with (force)`]);
    }
  }
  console.log('deployable: every check passed');
} finally {
  rmSync(folder, { recursive: true, force: true });
}

async function prove(label, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
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
