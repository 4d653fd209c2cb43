import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { generatedPassword, readDemoEnv, readEnv } from './env.ts';
import { seedOperators } from './modules/operators/operators.seed.ts';
import { ensureDemoGame } from './game/ingest/ingest.service.ts';
import { seedDemoDataOnFirstStart } from './game/simulator/demo-history.ts';
import { createHttpGateway } from './game/gateway/http-gateway.ts';

/** The only file that listens: reads env, migrates, seeds on first run, serves, closes gracefully. */
async function main(): Promise<void> {
  const env = readEnv();
  const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  // GAME_GATEWAY_URL points the console at a real game server; otherwise the embedded world.
  const gateway =
    env.GAME_GATEWAY_URL && env.GAME_GATEWAY_KEY
      ? createHttpGateway({ url: env.GAME_GATEWAY_URL, gameId: env.GAME_GATEWAY_GAME_ID, key: env.GAME_GATEWAY_KEY, timeoutMs: env.GAME_GATEWAY_TIMEOUT_MS })
      : undefined;
  const app = await buildApp({
    databaseUrl: env.DATABASE_URL,
    logStoreUrl: env.LOG_STORE_URL,
    ...(gateway ? { gateway } : {}),
    webDist,
    trustProxy: env.TRUST_PROXY,
    ...(env.REDIS_URL ? { redis: { url: env.REDIS_URL } } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    processMetrics: true,
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    config: {
      passwordMinLength: env.PASSWORD_MIN_LENGTH,
      sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
      signUp: env.SIGNUP,
      exportDir: env.EXPORT_DIR,
      exportRetentionMs: env.EXPORT_RETENTION_DAYS * 86_400_000,
      exportLeaseMs: env.EXPORT_LEASE_SECONDS * 1000,
      systemLogRetentionMs: env.SYSTEM_LOG_RETENTION_DAYS * 86_400_000,
      displayTimeZone: env.DISPLAY_TIME_ZONE,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    },
  });

  const seeded = await seedOperators(app.ctx, {
    admin: env.ADMIN_PASSWORD ?? generatedPassword(),
    demo: env.DEMO_PASSWORD ?? generatedPassword(),
  });
  const demoGame = await ensureDemoGame(app.ctx, env.GAME_INGEST_KEY);
  // First start: simulated players with weeks of history, through the real ingest route (docs/simulator.md).
  if (env.DEMO_DATA && !gateway) {
    const demo = readDemoEnv();
    await seedDemoDataOnFirstStart(app, { players: demo.DEMO_PLAYERS, days: demo.DEMO_DAYS, print: (line) => console.log(line) });
  }

  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  const lines = [
    ``,
    `GM Console is running at ${address}`,
    `Database: ${env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}`,
    `Event logs: ${app.ctx.logStore.kind}${env.LOG_STORE_URL ? ` at ${env.LOG_STORE_URL.replace(/\/\/[^@]*@/, '//***@')}` : ''}`,
    `Shared counters: ${env.REDIS_URL ? 'Redis' : 'the database'}; metrics: /api/metrics (${env.METRICS_TOKEN ? 'bearer token' : 'loopback only'})`,
    `Game: ${gateway ? `http gateway to ${env.GAME_GATEWAY_URL} (game "${env.GAME_GATEWAY_GAME_ID}")` : 'the embedded game world'}`,
  ];
  if (seeded.length > 0) {
    lines.push('', 'First start: these operators were created (shown once; change the passwords after signing in):');
    for (const s of seeded) lines.push(`  ${s.account.padEnd(10)} ${s.password.padEnd(20)} ${s.role}`);
  }
  if (demoGame.generated) lines.push('', `Demo game "${demoGame.id}" ingest key (shown once; set GAME_INGEST_KEY to choose it): ${demoGame.key}`);
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
