import { readFileSync } from 'node:fs';

/**
 * The node flags `npm start` gives the server (package.json's `start`: `node <flags>
 * packages/server/dist/main.js`), read from there so that a benchmark's or the browser tests' server
 * runs as it does.
 */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) packages\/server\/dist\/main\.js/.exec(scripts.start ?? '');
  if (!flags) throw new Error(`package.json's start script does not run packages/server/dist/main.js: ${scripts.start}`);
  return (flags[1] ?? '').trim().split(' ').filter(Boolean);
}
