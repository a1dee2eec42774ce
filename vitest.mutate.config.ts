import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { pgliteTestSeedFile } from './tests/pglite-test-seed.ts';

/**
 * The tests a mutation run (`npm run mutate`) uses: MUTATE_TESTS, comma-separated paths or globs,
 * to run one file's mutants against the tests that hold its rules; else every test that imports it.
 */
const chosen = process.env.MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    ...base.test,
    include: chosen?.length ? chosen : base.test?.include,
    // Every mutant boots each covering test file's portal again: on the embedded database it starts
    // from one migrated copy built at the start of the run, not from initdb and every migration.
    globalSetup: ['tests/pglite-test-seed.ts'],
    // A mutant's test files share one import of the server instead of one each (Stryker's mutants
    // are all compiled in and switched on at run time; ignoreStatic leaves out load-time ones).
    isolate: false,
    env: { ...base.test?.env, PGLITE_TEST_SEED: pgliteTestSeedFile() },
  },
});
