/**
 * Runs one benchmark by name, or lists them:
 *
 *   npm run bench                       # lists the benchmarks
 *   npm run bench -- ingest [--events 200000 ...]
 *   npm run bench -- seed [--events 10000000] [--pg postgres://...]
 *   npm run bench -- api-overhead [--rounds 3 --duration 6 --baseline <checkout>]
 *
 * A benchmark is a file `bench/<name>.bench.ts`; the arguments after its name are its own. Each
 * runs in its own Node process (with tsx), as `node --import tsx bench/<name>.bench.ts` would.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SUFFIX = '.bench.ts';

function benchmarks(): { name: string; summary: string }[] {
  return readdirSync(here)
    .filter((f) => f.endsWith(SUFFIX))
    .sort()
    .map((file) => {
      // The first sentence of the file's opening comment says what it measures.
      const text = readFileSync(join(here, file), 'utf8');
      const comment = /\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '';
      const summary = comment
        .split('\n')
        .map((l) => l.replace(/^\s*\*\s?/, '').trim())
        .filter(Boolean)
        .join(' ')
        .split(/(?<=\.)\s|:\s/)[0];
      return { name: file.slice(0, -SUFFIX.length), summary: summary ?? '' };
    });
}

const [name, ...rest] = process.argv.slice(2);
const known = benchmarks();

if (!name || name === '--help' || name === '-h') {
  console.log('Usage: npm run bench -- <name> [options of that benchmark]\n\nBenchmarks:');
  for (const b of known) console.log(`  ${b.name.padEnd(10)} ${b.summary}`);
  process.exit(0);
}
if (!known.some((b) => b.name === name)) {
  console.error(`No benchmark "${name}". Known: ${known.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(here, `${name}${SUFFIX}`), ...rest], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
