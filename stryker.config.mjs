// `npm run mutate`: StrykerJS mutation testing with its Vitest runner, outside `npm test`. Each
// mutant (a flipped condition, a removed call...) of the files that hold the portal's rules must
// fail at least one test; a survivor is a rule no test holds. scripts/mutate.mjs runs one rule file
// at a time against its own tests (RULE_FILES below, through MUTATE_TESTS and
// vitest.mutate.config.ts), each mutant against the tests that cover it (`perTest`).
//   npm run mutate                      every rule file in turn (slow: see the README)
//   npm run mutate -- csrf              the rule files whose path contains "csrf"
//   npm run mutate:report               the score table; -- --survivors lists the survivors
// `npx stryker run` alone mutates every rule file against every test that imports it: hours here.
/**
 * The files that hold the portal's rules, each with the tests that hold them: a mutant of the file
 * runs only against these (MUTATE_TESTS), not against every test that imports it, which for a
 * server file is nearly the whole API suite through the test app.
 */
export const RULE_FILES = {
  // guards (the staff hook and each console area's role rule) and CSRF
  'src/server/auth/guards.ts': ['src/server/http/access.test.ts', 'src/server/membership/standing.test.ts'],
  // guards.ts's tests, so that both are one run (scripts/mutate.mjs): standing.test.ts only covers a few of its mutants
  'src/shared/roles.ts': ['src/server/http/access.test.ts', 'src/server/membership/standing.test.ts'],
  'src/server/http/csrf.ts': ['src/server/http/access.test.ts', 'src/server/auth/auth.test.ts', 'src/server/pages/form-posts.test.ts'],
  // a member form's plain post (decision 023): the token and the key handed on, taken or drawn again
  'src/server/pages/form-posts.ts': ['src/server/pages/form-posts.test.ts'],
  // codes: issuing and checking them, and the waits after wrong passwords and codes (decision 024).
  // auth.test.ts asks for no code (sign-in, sessions, TOTP): it only added its dry run; the OTP's
  // wording is in account-recovery.test.ts.
  'src/server/auth/codes.ts': ['src/server/auth/account-recovery.test.ts', 'src/server/auth/wrong-guesses.test.ts'],
  'src/server/auth/wrong-guesses.ts': ['src/server/auth/wrong-guesses.test.ts', 'src/server/auth/account-recovery.test.ts'],
  'src/server/auth/known-browsers.ts': ['src/server/auth/wrong-guesses.test.ts', 'src/server/auth/account-recovery.test.ts'],
  // ledger
  'src/server/ledger/ledger-service.ts': ['src/server/ledger/ledger.test.ts', 'src/server/ledger/fines.test.ts', 'src/server/ledger/charges.test.ts'],
  'src/server/ledger/confirm-payment.ts': ['src/server/ledger/confirm-payment.test.ts', 'src/server/ledger/paystack.test.ts'],
  'src/server/ledger/reverse-payment.ts': ['src/server/ledger/reversal.test.ts', 'src/server/ledger/refunds.test.ts'],
  'src/server/ledger/fines.ts': ['src/server/ledger/fines.test.ts'],
  // standing and membership
  'src/server/membership/standing.ts': ['src/server/membership/standing.test.ts'],
  // Its unit tests only: the API tests that also hold it boot a portal for each of its 75 mutants.
  'src/shared/membership.ts': ['src/shared/membership.test.ts'],
  // ages
  'src/shared/ages.ts': ['src/shared/ages.test.ts'],
  // the data export
  'src/server/privacy/export.ts': ['src/server/privacy/privacy.test.ts', 'src/server/privacy/export-memory.test.ts'],
  // door check and member card
  'src/server/member-card/member-card-service.ts': ['src/server/member-card/member-card.test.ts'],
  // idempotency
  'src/server/idempotency/idempotency.ts': ['src/server/idempotency/idempotency.test.ts'],
  'src/server/idempotency/key-store.ts': ['src/server/idempotency/idempotency.test.ts'],
  // approvals
  'src/server/approvals/decide-pending.ts': ['src/server/membership/membership.test.ts', 'src/server/ads/ads.test.ts', 'src/server/races.test.ts'],
  'src/server/membership/payments-review.ts': ['src/server/membership/membership.test.ts'],
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  // The first run of every related test, with coverage, on two busy cores.
  dryRunTimeoutMinutes: 30,
  coverageAnalysis: 'perTest',
  // Every rule file (`npm run mutate` runs them one by one, scripts/mutate.mjs, each against its tests).
  mutate: Object.keys(RULE_FILES),
  ignoreStatic: true,
  // One mutant per core of this machine's two (a third worker measured no faster: decide-pending 44 s
  // at 2, 48 s at 3). On a machine shared with other work, `-- --concurrency=1`.
  concurrency: 2,
  // A mutant that makes a test loop or wait is a timeout (killed), judged against the test's own time:
  // twice it, plus 10 s for the run's fixed part (about 3 s: the server's import and a portal's boot).
  // Every timeout waits that long and restarts a worker: export.ts's 8 hung downloads were 2 of its 10 min at 20 s.
  timeoutFactor: 2,
  timeoutMS: 10_000,
  ignorePatterns: ['/dist', '/data', '/docs', '/tests/e2e', '/reports', '/test-results', '/playwright-report', '/bench-results'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Incremental: a rerun tests only the mutants whose code or covering tests changed. scripts/mutate.mjs
  // gives each file its own file (reports/mutation/<file>.json, a full JSON report that
  // scripts/mutate-report.mjs tabulates): one shared file would keep only the last file's mutants.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 75, break: null },
};
