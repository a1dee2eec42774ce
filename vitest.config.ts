import { defineConfig } from 'vitest/config';
import { machineBudget } from './tests/machine-budget.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A stray it.only fails the run instead of silently skipping every other test.
    allowOnly: false,
    // PGlite and argon2 are CPU-bound; two workers fit a two-core machine.
    maxWorkers: 2,
    // A test portal on PostgreSQL starts from a copy of one migrated database, built once per set of migrations.
    globalSetup: ['tests/postgres-test-template.ts'],
    // Budgets grow with the machine's load (tests/machine-budget.ts): three files' hooks once timed out at load 29.
    testTimeout: machineBudget(30_000),
    hookTimeout: machineBudget(60_000),
  },
});
