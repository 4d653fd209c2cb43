// One flat config for the whole repository. Import direction is linted with generic zones, so
// a new feature or module needs no new rule (house plan section 2, style guide "Habits").
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, unicorn },
    settings: { 'import-x/resolver': { typescript: { alwaysTryTypes: true, noWarnOnMultipleProjects: true, project: ['packages/*/tsconfig.json', 'e2e/tsconfig.json'] } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': 'error',
      'unicorn/filename-case': ['error', { case: 'kebabCase', ignore: [/^\d{4}-\d{2}-\d{2}T\d{4}-/] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in packages/server/src/env.ts only.' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // contract imports nothing of ours.
            { target: './packages/contract', from: ['./packages/server', './packages/web', './e2e'] },
            // web never imports server, and server never imports web.
            { target: './packages/web', from: './packages/server' },
            { target: './packages/server', from: './packages/web' },
            // server: modules -> platform -> db, one way.
            { target: './packages/server/src/platform', from: './packages/server/src/modules' },
            { target: './packages/server/src/db', from: ['./packages/server/src/modules'] },
            // web: features -> shared; app composes; shared imports neither; no feature imports another.
            { target: './packages/web/src/shared', from: ['./packages/web/src/features', './packages/web/src/app'] },
            { target: './packages/web/src/features', from: './packages/web/src/app' },
            {
              target: './packages/web/src/features/*/**',
              from: './packages/web/src/features/*',
              except: ['./${target}'],
              message: 'A feature never imports another feature; share through src/shared.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`modules/[^/]+/.*\.(repository|table)(\.ts)?$`, message: "A module never imports another module's repository or table; call its service." }] },
      ],
    },
  },
  {
    // Modules may use their own repository and table files (imported with ./).
    files: ['packages/server/src/modules/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/server/src/env.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Migrations are frozen in time and typed Kysely<any> on purpose.
    files: ['packages/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
);
