// `npm start`: serves the built portal. `npm install` builds it (the `prepare` script); this builds
// it again only when it is missing or older than the sources, so a start after `git pull` never
// serves old code and an ordinary start is not held up by a build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// The build's last step writes this file, so its age is the age of the whole build.
const BUILT = 'dist/pglite-seed.tar.gz';
const SOURCES = ['src', 'drizzle', 'vite.config.ts', 'tsconfig.server.json', 'scripts/compress-assets.mjs', 'scripts/make-pglite-seed.mjs'];

function lastChangeMs(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry, { recursive: true }).map((name) => statSync(path.join(entry, String(name))).mtimeMs));
}

const builtMs = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (Math.max(...SOURCES.map(lastChangeMs)) > builtMs) {
  console.log(builtMs ? 'The sources changed since the last build: building first.' : 'Building the portal first.');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../dist/server/main.js');
