import { readGameServerEnv } from '../../env.ts';
import { buildGameServer } from './game-server.ts';

/**
 * The reference game server (`npm run game-server`): reads GAME_SERVER_* settings, migrates and
 * seeds its own database on first start, listens, and prints one line with its address
 * (GAME_SERVER_PORT=0 picks a free port; tests read the line). Closes gracefully on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const env = readGameServerEnv();
  const app = await buildGameServer({
    databaseUrl: env.GAME_SERVER_DATABASE_URL,
    gameId: env.GAME_SERVER_GAME_ID,
    key: env.GAME_SERVER_KEY,
    players: env.GAME_SERVER_PLAYERS,
    delayMs: env.GAME_SERVER_DELAY_MS,
    failFirst: env.GAME_SERVER_FAIL_FIRST,
    failAll: env.GAME_SERVER_FAIL_ALL,
  });

  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());

  await app.listen({ port: env.GAME_SERVER_PORT, host: env.GAME_SERVER_HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : env.GAME_SERVER_PORT;
  const host = env.GAME_SERVER_HOST.includes(':') ? `[${env.GAME_SERVER_HOST}]` : env.GAME_SERVER_HOST;
  console.log(`game server listening on http://${host}:${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
