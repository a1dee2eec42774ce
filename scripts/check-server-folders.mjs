// Lint step: the server's folders depend on each other one way, as the web app's features do.
// - Plumbing (http, db, mail, files, pdf, telemetry) imports no feature: a feature hands plumbing what it needs
//   (app.ts gives metrics its gauges and the SPA its page drawer).
// - Features may use each other, but never in a circle: no two folders import each other, directly
//   or through others. Type-only imports count too, since they tie the code together just the same.
// Tests are left out: an API test may exercise several features at once.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../src/server');
const PLUMBING = new Set(['http', 'db', 'mail', 'files', 'pdf', 'telemetry']);
const NOT_A_FEATURE = new Set(['test-support']);

/** folder -> folder it imports -> the files that do */
const imports = new Map();
function addImport(from, to, file) {
  if (!imports.has(from)) imports.set(from, new Map());
  const targets = imports.get(from);
  if (!targets.has(to)) targets.set(to, new Set());
  targets.get(to).add(file);
}

function scan(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) scan(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const relative = path.relative(server, file);
      if (!relative.includes(path.sep)) continue; // app.ts, main.ts, context.ts, ...: the composition root
      const from = relative.split(path.sep)[0];
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(server, path.resolve(path.dirname(file), specifier));
        if (target.startsWith('..') || !target.includes(path.sep)) continue;
        const to = target.split(path.sep)[0];
        if (to !== from && !NOT_A_FEATURE.has(to)) addImport(from, to, relative);
      }
    }
  }
}
scan(server);

const problems = [];
const edgeText = (from, to) => `${from} -> ${to} (${[...imports.get(from).get(to)].join(', ')})`;

for (const [from, targets] of imports) {
  if (!PLUMBING.has(from)) continue;
  for (const to of targets.keys()) {
    if (!PLUMBING.has(to)) problems.push(`plumbing imports a feature: ${edgeText(from, to)}`);
  }
}

// Each circle found once, by a depth-first walk that reports the path back to a folder on the stack.
const done = new Set();
const onPath = [];
function walk(folder) {
  if (done.has(folder)) return;
  const at = onPath.indexOf(folder);
  if (at >= 0) {
    const circle = [...onPath.slice(at), folder];
    problems.push(
      `folders import each other in a circle:\n  ${circle
        .slice(1)
        .map((to, i) => edgeText(circle[i], to))
        .join('\n  ')}`,
    );
    return;
  }
  onPath.push(folder);
  // A plumbing folder's import of a feature is reported above; followed here it would report again.
  const followed = [...(imports.get(folder)?.keys() ?? [])].filter((to) => !PLUMBING.has(folder) || PLUMBING.has(to));
  for (const to of followed.sort()) walk(to);
  onPath.pop();
  done.add(folder);
}
for (const folder of [...imports.keys()].sort()) walk(folder);

if (problems.length > 0) {
  console.error(`src/server folders must depend one way (scripts/check-server-folders.mjs):\n${problems.join('\n')}`);
  process.exit(1);
}
