// `npm run mutate`: StrykerJS mutation testing with its Vitest runner, outside `npm test`. Each
// mutant (a flipped condition, a removed call...) of the files that hold the portal's rules must
// fail at least one test; a survivor is a rule no test holds. Only the tests that import a
// mutated file run (vitest `related`), each against the mutants it covers (`perTest`).
//   npm run mutate                                   every rule file below (under an hour here)
//   npm run mutate -- --mutate src/shared/ages.ts    one file, against every test that imports it
//   MUTATE_TESTS=src/shared/ages.test.ts npm run mutate -- --mutate src/shared/ages.ts
//                                                    one file against the tests named (vitest.mutate.config.ts)
// The report: reports/mutation/index.html, and the table printed at the end.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  // The first run of every related test, with coverage, on two busy cores.
  dryRunTimeoutMinutes: 30,
  coverageAnalysis: 'perTest',
  mutate: [
    // guards and CSRF
    'src/server/auth/guards.ts',
    'src/server/http/csrf.ts',
    // codes
    'src/server/auth/codes.ts',
    // ledger
    'src/server/ledger/ledger-service.ts',
    'src/server/ledger/fines.ts',
    // standing and membership
    'src/server/membership/standing.ts',
    'src/shared/membership.ts',
    // ages
    'src/shared/ages.ts',
    // the data export
    'src/server/privacy/export.ts',
    // door check and member card
    'src/server/member-card/member-card-service.ts',
    // idempotency
    'src/server/idempotency/idempotency.ts',
    'src/server/idempotency/key-store.ts',
    // approvals
    'src/server/db/decide-pending.ts',
    'src/server/membership/payments-review.ts',
  ],
  ignoreStatic: true,
  // Two cores: one mutant at a time per core.
  concurrency: 2,
  // A mutant that makes a test loop or wait is a timeout (killed), judged against the test's own time.
  timeoutFactor: 2,
  timeoutMS: 20_000,
  ignorePatterns: ['/dist', '/data', '/docs', '/tests/e2e', '/reports', '/test-results', '/playwright-report', '/bench-results'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 75, break: null },
};
