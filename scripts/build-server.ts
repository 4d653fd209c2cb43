/**
 * Builds the server into plain JavaScript for `npm start` (docs/decisions.md, "The server started
 * from a build"): `packages/server/src/main.ts` bundled by esbuild into
 * `packages/server/dist/main.js`, and the export's worker thread beside it
 * (`export-worker-thread.js`, which `modules/exports/export-thread.ts` starts from a build).
 *
 *   npm run build                      # the web app, then this
 *   node --import tsx scripts/build-server.ts [--out-dir <dir>]
 *
 * Run under tsx, the server kept tsx's loader (a thread of its own, with its own heap) for its
 * whole life: about 50 MB of resident memory of an idle instance (docs/performance.md, "Export",
 * session 10). The workspace's packages (the contract, the server) are TypeScript and go into the
 * bundle; every other package is imported from node_modules at run time, as from the sources.
 * Not minified, so that a stack trace names the functions and its lines can be read in the file
 * (esbuild marks where each source file begins). `npm run dev` and the tests run the sources.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The server's entry points, by the name of the file each becomes. */
export const SERVER_ENTRIES: Record<string, string> = {
  main: `${ROOT}packages/server/src/main.ts`,
  'export-worker-thread': `${ROOT}packages/server/src/modules/exports/export-worker-thread.ts`,
};

export const SERVER_OUT_DIR = `${ROOT}packages/server/dist`;

/**
 * Bundles `entries` (default the server's) into `outDir`, one ES module each, named `<name>.js`.
 * Another program that runs the server's code as `npm start` does (the export benchmark) builds
 * itself with the export thread into a folder of its own.
 */
export async function buildServer(options: { entries?: Record<string, string>; outDir?: string } = {}): Promise<{ outDir: string; files: string[] }> {
  const outDir = options.outDir ?? SERVER_OUT_DIR;
  // Imported here, not at the top: a program that bundles this file (the benchmark) does not load esbuild when it runs.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: options.entries ?? SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The package is "type": "module", so `.js` files are ES modules.
    outExtension: { '.js': '.js' },
    logLevel: 'warning',
    metafile: true,
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gm/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return { outDir, files: Object.keys(result.metafile.outputs) };
}

// Run as a command. The name is checked too: a program bundled with this file in it (the
// benchmark) has the bundle as its own `import.meta.url` and `argv[1]`.
// `--out-dir <dir>`: build somewhere else (the browser tests build their own copy, so a test run
// never starts a file that another run is rewriting).
if (import.meta.url.endsWith('/scripts/build-server.ts') && process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  const started = performance.now();
  const { files } = await buildServer({ outDir: values['out-dir'] });
  console.log(`Server built in ${Math.round(performance.now() - started)} ms: ${files.join(', ')}`);
}
