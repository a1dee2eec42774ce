// `npm run mutate [-- <file or part of its path>...] [-- <stryker options>]`: StrykerJS, one rule file
// at a time (stryker.config.mjs RULE_FILES), each against only its own tests and with its own
// incremental file (reports/mutation/<file>.json), then the score table (scripts/mutate-report.mjs).
//   npm run mutate                          every rule file, reruns test only changed mutants
//   npm run mutate -- csrf                  the files whose path contains "csrf"
//   npm run mutate -- csrf --force          every mutant again, ignoring the incremental file
//   npm run mutate -- csrf.ts:36-57,88-92   only those lines (the results file then holds only them)
//   MUTATE_TESTS=src/server/auth/auth.test.ts npm run mutate -- csrf other tests than the file's own
import { spawnSync } from 'node:child_process';
import { RULE_FILES } from '../stryker.config.mjs';
import { reportFileFor } from './mutate-report.mjs';

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

const failed = [];
for (const file of files) {
  const started = Date.now();
  const tests = process.env.MUTATE_TESTS ?? RULE_FILES[file].join(',');
  console.log(`\n== ${mutateOf(file)} against ${tests}`);
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', mutateOf(file), '--incrementalFile', reportFileFor(file), ...strykerArgs], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_TESTS: tests },
  });
  console.log(`== ${file}: ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status}`);
  if (run.status !== 0) failed.push(file);
}

spawnSync('node', ['scripts/mutate-report.mjs', ...files], { stdio: 'inherit' });
if (failed.length > 0) {
  console.error(`Stryker failed on: ${failed.join(', ')}`);
  process.exit(1);
}
