import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // A leading underscore marks a deliberately unused name (a required parameter, a field left out of a copy).
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The service, its tests and scripts are not React: a `use…` name there (useDatabaseUrl,
    // useTestApi) is an ordinary function, not a hook.
    files: ['lib/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'server.ts'],
    ignores: ['lib/portal/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The ground floor imports no domain: the service is put together in lib/service, above them.
    files: ['lib/platform/**/*.ts', 'lib/api/**/*.ts', 'lib/money/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/lib/(?!platform/|api/|money/)',
              message: 'lib/platform, lib/api and lib/money import no domain; compose in lib/service.',
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    'dist/**', // the compiled server (scripts/build-server.mjs)
    'out/**',
    'build/**',
    'next-env.d.ts',
    'node_modules/**',
    '.data/**',
    '.test-data/**',
    'migrations/**',
    'test-results/**',
    'playwright-report/**',
  ]),
]);
