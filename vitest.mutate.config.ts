import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The tests a mutation run (`npm run mutate`) uses: MUTATE_TESTS, comma-separated paths or globs,
 * to run one file's mutants against the tests that hold its rules; else every test that imports it.
 */
const chosen = process.env.MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({ test: { ...base.test, include: chosen?.length ? chosen : base.test?.include } });
