/**
 * Development: the API server restarting on every change (node --watch) and the web app from
 * Vite's dev server with hot reload, which passes /api on to the API server.
 *
 *   npm run dev          # open http://127.0.0.1:5173 (the API answers on PORT, default 8080)
 *   npm run dev -- --api # the API server alone
 *
 * The API server reads the usual settings (packages/server/src/env.ts); the Vite server forwards
 * /api to the same PORT (packages/web/vite.config.ts). Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiOnly = process.argv.includes('--api');

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'packages/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
];
if (!apiOnly) children.push(spawn('npm', ['run', 'dev', '-w', '@gm/web', '--', '--host', '127.0.0.1'], { cwd: root, stdio: 'inherit' }));

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

// When one of the two ends, stop the other: a half-running pair only confuses.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
