// `npm run mutate [-- <file or part of its path>...] [-- <stryker options>]`: StrykerJS, one rule file
// at a time (stryker.config.mjs RULE_FILES), each against only its own tests and with its own
// incremental file (reports/mutation/<file>.json), then the score table (scripts/mutate-report.mjs).
// Rule files with the same tests are one run and one results file (ruleGroups): a pick of one runs
// them all, the others whole (from their kept results, only their changed mutants).
//   npm run mutate                          every rule file, reruns test only changed mutants
//   npm run mutate -- csrf                  the files whose path contains "csrf"
//   npm run mutate -- csrf --force          every mutant again, ignoring the incremental file
//   npm run mutate -- csrf.ts:36-57,88-92   only those lines (the results file then holds only them)
//   MUTATE_TESTS=src/server/auth/auth.test.ts npm run mutate -- csrf other tests than the file's own
import { spawnSync } from 'node:child_process';
import { RULE_FILES } from '../stryker.config.mjs';
import { reportFileFor, ruleGroups } from './mutate-report.mjs';
import { answers, LOCAL_SERVER } from '../src/server/test-support/scratch-database.ts';

const args = process.argv.slice(2);
// A pick may name lines: `csrf.ts:36-57,88-92` mutates only those lines of the file.
const picks = args
  .filter((arg) => !arg.startsWith('-'))
  .map((arg) => {
    const [name = '', lines] = arg.split(':');
    return { name, lines: lines?.split(',') ?? [] };
  });
const strykerArgs = args.filter((arg) => arg.startsWith('-'));
const files = Object.keys(RULE_FILES).filter((file) => picks.length === 0 || picks.some((pick) => file.includes(pick.name)));
const mutateOf = (file) => {
  const lines = picks.find((pick) => file.includes(pick.name))?.lines ?? [];
  return lines.length === 0 ? file : lines.map((range) => `${file}:${range}`).join(',');
};
if (files.length === 0) {
  console.error(`No rule file matches ${picks.map((pick) => pick.name).join(', ')}; the rule files are:\n  ${Object.keys(RULE_FILES).join('\n  ')}`);
  process.exit(2);
}

// On PostgreSQL when a server answers: each test portal's database is then a copy of one migrated
// template (about 50 ms) instead of PGlite booting from its seed (0.7-1.5 s) at every mutant's
// every test file, and a race the embedded database hides fails there as in .ci/run.
const env = { ...process.env };
env.DATABASE_URL ??= (await answers(LOCAL_SERVER)) ? LOCAL_SERVER : undefined;
console.log(env.DATABASE_URL ? `On PostgreSQL: ${env.DATABASE_URL}` : 'PostgreSQL does not answer: on the embedded database (slower).');

const failed = [];
for (const group of ruleGroups().filter((candidate) => candidate.files.some((file) => files.includes(file)))) {
  const started = Date.now();
  const tests = process.env.MUTATE_TESTS ?? group.tests;
  const mutate = group.files.map(mutateOf).join(',');
  console.log(`\n== ${mutate} against ${tests}`);
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', mutate, '--incrementalFile', reportFileFor(group.files[0]), ...strykerArgs], {
    stdio: 'inherit',
    env: { ...env, MUTATE_TESTS: tests },
  });
  console.log(`== ${group.files.join(', ')}: ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status}`);
  if (run.status !== 0) failed.push(...group.files);
}

spawnSync('node', ['scripts/mutate-report.mjs', ...files], { stdio: 'inherit' });
if (failed.length > 0) {
  console.error(`Stryker failed on: ${failed.join(', ')}`);
  process.exit(1);
}
