/**
 * The reference game server as a separate process, as a studio's server would run: tests start
 * `node --import tsx .../main.ts` with GAME_SERVER_PORT=0 on 127.0.0.1 and a SQLite file in a
 * folder of theirs, read its address from the line it prints, and stop every server they started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../game/game-server/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Generous: a busy machine with several servers starting at once is slow to start them. */
export const GAME_SERVER_START_TIMEOUT_MS = 45_000;

export interface GameServerProcess {
  url: string;
  databaseUrl: string;
  child: ChildProcess;
  /** Ends the process (SIGTERM, then SIGKILL) and waits for it. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface GameServerProcesses {
  /** Starts main.ts with the database `<dir>/<name>.db` and these settings; resolves once it prints its address. */
  start(name: string, settings?: Record<string, string>): Promise<GameServerProcess>;
  /** Stops every server still running. */
  stopAll(): Promise<void>;
}

/** Servers of game `demo` signed with `key`, seeded with `players` demo players, their databases in `dir`. */
export function gameServerProcesses(options: { dir: string; key: string; players: number }): GameServerProcesses {
  const running = new Set<GameServerProcess>();

  function start(name: string, settings: Record<string, string> = {}): Promise<GameServerProcess> {
    const databaseUrl = `sqlite:${join(options.dir, `${name}.db`)}`;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      // Only these variables: the server must not see the test runner's settings.
      env: {
        GAME_SERVER_PORT: '0',
        GAME_SERVER_HOST: '127.0.0.1',
        GAME_SERVER_KEY: options.key,
        GAME_SERVER_GAME_ID: 'demo',
        GAME_SERVER_PLAYERS: String(options.players),
        GAME_SERVER_DATABASE_URL: databaseUrl,
        ...settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(killer);
      }
      running.delete(server);
    };
    const server: GameServerProcess = { url: '', databaseUrl, child, stop };
    running.add(server);

    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => {
        void stop('SIGKILL');
        reject(new Error(`game server ${name} did not start in time:\n${output}`));
      }, GAME_SERVER_START_TIMEOUT_MS);
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /game server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] && !server.url) {
          clearTimeout(timer);
          server.url = match[1];
          resolve(server);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (!server.url) reject(new Error(`game server ${name} exited with ${String(code)}:\n${output}`));
      });
    });
  }

  return {
    start,
    stopAll: async () => {
      await Promise.all([...running].map((server) => server.stop()));
    },
  };
}
