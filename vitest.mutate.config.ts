import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { pgliteTestSeedFile } from './tests/pglite-test-seed.ts';
import { machineBudget } from './tests/machine-budget.ts';

/**
 * The tests a mutation run (`npm run mutate`) uses: MUTATE_TESTS, comma-separated paths or globs,
 * to run one file's mutants against the tests that hold its rules; else every test that imports it.
 */
const chosen = process.env.MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    ...base.test,
    include: chosen?.length ? chosen : base.test?.include,
    // Every mutant boots each covering test file's portal again: on PostgreSQL (scripts/mutate.mjs
    // sets DATABASE_URL when one answers) from a copy of the migrated template; on the embedded
    // database from one migrated copy built at the start of the run, not initdb and every migration.
    globalSetup: ['tests/postgres-test-template.ts', 'tests/pglite-test-seed.ts'],
    // A mutant's test files share one import of the server instead of one each (Stryker's mutants
    // are all compiled in and switched on at run time; ignoreStatic leaves out load-time ones).
    isolate: false,
    // Node 24 reads a package's whole package.json again for each of its files it loads, and
    // drizzle-orm's (179 KB) and date-fns's (199 KB) are large: 1.2 s of every new worker's import.
    // Through Vite's module runner they are resolved once for the run: a mutant's import 1.6 s -> 0.85 s.
    server: { deps: { inline: ['drizzle-orm', 'date-fns'] } },
    // A mutant that makes a test wait forever (a wait loop that never ends, a download never
    // finished) fails that test here, at a few times the slowest test's own time (6 s: a hundred
    // sign-ups), instead of at Stryker's timeout, which also restarts the worker.
    testTimeout: machineBudget(15_000),
    env: { ...base.test?.env, PGLITE_TEST_SEED: pgliteTestSeedFile() },
  },
});
