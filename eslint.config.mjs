import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/** Every React, hooks and JSX accessibility rule the Next configuration turns on. */
const reactRules = [...new Set(nextVitals.flatMap((entry) => Object.keys(entry.rules ?? {})))].filter((rule) =>
  /^(react|react-hooks|jsx-a11y)\//.test(rule),
);

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
    // useTestApi) is an ordinary function, not a hook, and a .ts file holds no JSX. The React,
    // hooks and accessibility rules find nothing there and took a third of the lint's rule time
    // (react-hooks/static-components alone half), so they run on the portal's files only.
    files: ['lib/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'server.ts'],
    ignores: ['lib/portal/**'],
    rules: Object.fromEntries(reactRules.map((rule) => [rule, 'off'])),
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
  {
    // Links without prefetching unless asked: components/ui/link.tsx says why.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/portal/**/*.{ts,tsx}'],
    ignores: ['components/ui/link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', message: "Import Link from '@/components/ui/link': it does not prefetch every link in view." }] }],
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
