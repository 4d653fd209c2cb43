// One flat config for the whole repository. Import direction (house plan section 2, style guide
// "Habits") is linted with ESLint's own no-restricted-imports, one generic zone per layer, so a
// new feature or module needs no new rule. (eslint-plugin-import-x's no-restricted-paths and
// no-cycle would be the first choice, but its resolver's platform binaries are not all served by
// the registry this project installs from, which breaks `npm ci`; see docs/decisions.md.) These
// zones give the editor's feedback; `npm run lint` also runs dependency-cruiser
// (.dependency-cruiser.mjs), which checks the same directions on the whole graph, and cycles.
import js from '@eslint/js';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const zone = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
// Later zones replace earlier ones for the same files, so each repeats its package's rules.
const serverRules = [
  { regex: String.raw`(@gm/web|packages/web)`, message: 'The server never imports the web app.' },
  { regex: String.raw`modules/[^/]+/.*\.(repository|table)(\.ts)?$`, message: "A module never imports another module's repository or table; call its service." },
];
const webRules = [{ regex: String.raw`(@gm/server|packages/server)`, message: 'The web app never imports the server.' }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { unicorn },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      'unicorn/filename-case': ['error', { case: 'kebabCase', ignore: [/^\d{4}-\d{2}-\d{2}T\d{4}-/] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in packages/server/src/env.ts only.' }],
    },
  },
  zone(['packages/contract/**'], [{ regex: String.raw`(@gm/(server|web)|packages/(server|web)|/e2e/)`, message: 'contract imports nothing of ours.' }]),
  zone(['packages/web/**'], webRules),
  zone(['packages/server/**'], serverRules),
  zone(['packages/server/src/platform/**', 'packages/server/src/db/**'], [
    ...serverRules,
    { regex: String.raw`/modules/`, message: 'platform and db never import modules (modules -> platform -> db).' },
  ]),
  zone(['packages/server/src/modules/**'], [
    ...serverRules,
    { regex: String.raw`^\.\./[^./][^/]*/[^/]*\.(repository|table)(\.ts)?$`, message: "A module never imports another module's repository or table; call its service." },
  ]),
  zone(['packages/web/src/shared/**'], [...webRules, { regex: String.raw`/(features|app)/`, message: 'shared imports neither features nor app.' }]),
  zone(['packages/web/src/features/**'], [
    ...webRules,
    { regex: String.raw`/app/`, message: 'Features never import app/; app composes features.' },
    { regex: String.raw`^\.\./(?!\.)`, message: 'A feature never imports another feature; share through src/shared.' },
  ]),
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
