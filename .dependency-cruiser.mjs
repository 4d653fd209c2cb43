// Import direction and cycles, checked by `npm run lint` (dependency-cruiser). House plan
// section 2 and the style guide's "Habits"; docs/decisions.md says why this tool: it sees whole
// import graphs, so it finds cycles, which ESLint's core no-restricted-imports cannot.
//
// Type-only imports count: a cycle of types is still a tangle of modules (and a value import
// added to it later would make it a runtime cycle without anyone noticing).

const SERVER = '^packages/server/src/';
const WEB = '^packages/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other one way only. Break a cycle by moving the shared declaration to its own module (often a types-only one).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/contract is what server and web share; it imports neither of them (nor the browser tests).',
      from: { path: '^packages/contract/' },
      to: { path: '^(packages/(server|web)|e2e)/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP; what both need lives in packages/contract.',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/web/' },
    },
    {
      name: 'platform-never-imports-modules',
      severity: 'error',
      comment: 'modules -> platform -> db: the platform and the database layer never reach up into a module.',
      from: { path: `${SERVER}(platform|db)/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'no-foreign-repository-or-table',
      severity: 'error',
      comment: "A module never imports another module's repository or table; it calls that module's service.",
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/[^/]+/[^/]+\\.(repository|table)\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: 'no-module-repository-from-outside',
      severity: 'error',
      comment: "Outside the modules (game/, testing/, app.ts ...), a module's repository and tables are reached through its service too.",
      from: { path: SERVER, pathNot: `${SERVER}modules/` },
      to: { path: `${SERVER}modules/[^/]+/[^/]+\\.(repository|table)\\.ts$` },
    },
    {
      name: 'web-features-are-independent',
      severity: 'error',
      comment: 'A feature never imports another feature; what two features share moves to src/shared.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-features-never-import-app',
      severity: 'error',
      comment: 'app/ composes the features (router, layout, navigation); features never reach back into it.',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-imports-neither-features-nor-app',
      severity: 'error',
      comment: 'src/shared is used by features and app; it depends on neither.',
      from: { path: `${WEB}shared/` },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results|playwright-report|data)/' },
    // See `import type` too (see above), and resolve `.ts` imports as TypeScript does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages (`@gm/contract/errors.ts`) resolve through their package.json exports to
    // the source files, so a cycle across packages is seen too.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
