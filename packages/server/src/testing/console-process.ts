/**
 * The console as a separate process: `node --import tsx .../main.ts` (or, with `command`, the
 * server as `npm start` builds it) on a port of its own, with only the settings given (the test runner's environment is not passed
 * on). Tests of several instances start two on one database and kill one (SIGKILL: no goodbye,
 * no claim handed back), as a machine that dies would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Generous: a busy machine starting several servers at once is slow to start them. */
export const CONSOLE_START_TIMEOUT_MS = 60_000;

export interface ConsoleProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Ends the process (SIGTERM by default, SIGKILL after 5 s) and waits for it. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A port nobody listens on now (asked of the system, then freed for the console to take). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Signs an operator in over HTTP and gives the session's token (the administrator by default). */
export async function signInOverHttp(instance: Pick<ConsoleProcess, 'url'>, password: string, account = 'admin'): Promise<string> {
  const res = await fetch(`${instance.url}/api/gm/admin/sessions/new.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password }).toString(),
  });
  const body = (await res.json()) as { code: number; message: string; result: string };
  if (body.code !== 0) throw new Error(`sign-in of ${account} refused: ${body.code} ${body.message}`);
  return body.result;
}

export interface ConsoleProcesses {
  start(name: string, settings: Record<string, string>): Promise<ConsoleProcess>;
  stopAll(): Promise<void>;
}

/** `command`: what node runs instead of the sources under tsx (the built server: `built-server.test.ts`). */
export function consoleProcesses(options: { command?: string[] } = {}): ConsoleProcesses {
  const running = new Set<ConsoleProcess>();

  async function start(name: string, settings: Record<string, string>): Promise<ConsoleProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, options.command ?? ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: { HOST: '127.0.0.1', PORT: String(port), DEMO_DATA: 'off', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', ...settings },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      running.delete(server);
    };
    const server: ConsoleProcess = { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, child, stop };
    running.add(server);
    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => {
        void stop('SIGKILL');
        reject(new Error(`console ${name} did not start in time:\n${output}`));
      }, CONSOLE_START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('GM Console is running at')) {
          clearTimeout(timer);
          resolve(server);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        running.delete(server);
        reject(new Error(`console ${name} exited (${String(code)}) before it started:\n${output}`));
      });
    });
  }

  return {
    start,
    async stopAll() {
      for (const server of [...running]) await server.stop();
    },
  };
}
