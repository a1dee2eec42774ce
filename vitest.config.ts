import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A stray it.only fails the run instead of silently skipping every other test.
    allowOnly: false,
    // PGlite and argon2 are CPU-bound; two workers fit a two-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
