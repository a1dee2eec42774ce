import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * date-fns's index loads each of its ~250 functions: about 1 s in every Node process and every test
 * worker (a mutation run starts one per mutant). Each function has its own entry point.
 */
const wholeDateFns = {
  name: 'date-fns',
  message: "Import each function from its own entry point, 'date-fns/format': the index loads every one (1 s a process).",
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'drizzle', 'test-results', 'playwright-report', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/server/config.ts.' }],
      'no-restricted-imports': ['error', { paths: [wholeDateFns] }],
    },
  },
  {
    files: ['src/server/config.ts', 'src/server/test-support/**', 'tests/**', 'scripts/**', '*.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [wholeDateFns], patterns: [{ group: ['**/server/**'], message: 'The web app may import src/shared, never the server.' }] },
      ],
    },
  },
  {
    // The rules of hooks; not the React Compiler's rules (set-state-in-effect, refs, ...): the app is not compiled by it.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // import-x does not follow type-only imports (erased at build): a cycle that exists at run time fails.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports flow one way: app/ composes features; a feature uses its own folder, components/,
      // lib/ and shared/, never another feature's internals.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared piece to src/web/components or src/web/lib, or compose them in src/web/app.',
            })),
            { target: './src/web/features', from: './src/web/app', message: 'Features do not import the app shell; app/ composes features.' },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/app'],
              message: 'Shared web code does not depend on features or the app shell.',
            },
          ],
        },
      ],
    },
  },
);
