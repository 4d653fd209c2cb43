import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The one place that reads process.env (house plan section 8); validated at start. */
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'DATABASE_URL must start with sqlite: or postgres://')
    .default('sqlite:./data/console.db'),
  LOG_STORE_URL: z.string().optional(),
  /** Redis for the request counters every instance shares (docs/deployment.md); unset: they live in the database. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
  /** GET /api/metrics answers callers with `Authorization: Bearer <token>`; unset: loopback callers only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_PASSWORD: z.string().min(8).optional(),
  GAME_INGEST_KEY: z.string().min(16).optional(),
  /** A real game behind the http gateway (docs/game-protocol.md); unset: the embedded world. */
  GAME_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'GAME_GATEWAY_URL must be an http(s) URL' }).optional(),
  GAME_GATEWAY_KEY: z.string().min(16).optional(),
  GAME_GATEWAY_GAME_ID: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/).default('demo'),
  GAME_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DEMO_DATA: flag.default(true),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(5).max(64).default(8),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  TRUST_PROXY: flag.default(false),
  /** Self sign-up (the spec's /registry screen); new accounts have no role until an administrator gives one. */
  SIGNUP: flag.default(true),
  /** Where export files are written: a directory every instance shares (docs/architecture.md, "Exports"). */
  EXPORT_DIR: z.string().min(1).default('./data/exports'),
  /** Seconds a running export's claim lives without renewal (the writer renews it 4 times a lease) before another instance takes the task over. */
  EXPORT_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** Days an export file (and its task) is kept. */
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Days the exception and game-call logs (/sysinfo) keep a row. */
  SYSTEM_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The one time zone times are shown in (exports write their times in it); an IANA name. */
  DISPLAY_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'DISPLAY_TIME_ZONE must be an IANA time zone such as Asia/Shanghai')
    .default('Asia/Shanghai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  /** The console's address as the game reaches it: announcement images go to the game as absolute urls under it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
  TEST_DATABASE_URL: z.string().optional(),
  /** A Redis for the tests of the shared counters (scripts/start-redis.sh); unset: those tests run on the database only. */
  TEST_REDIS_URL: z.string().optional(),
  /** Which database the server test suite runs on: `npm test` runs it once per configured one. */
  TEST_DB: z.enum(['sqlite', 'postgres']).default('sqlite'),
  /** A ClickHouse for the tests (scripts/start-clickhouse.sh prints it); each test file gets a database of its own in it. */
  TEST_CLICKHOUSE_URL: z.string().optional(),
  /** Where the test apps keep their event logs: the main database, or with `clickhouse` the server of TEST_CLICKHOUSE_URL. */
  TEST_LOG_STORE: z.enum(['sql', 'clickhouse']).default('sql'),
  /** Requests per route and caller of the hostile-input suite (src/testing/fuzz); unset: its small default. */
  FUZZ_RUNS: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export type Env = z.infer<typeof schema>;

const withGateway = schema.refine((env) => !env.GAME_GATEWAY_URL || env.GAME_GATEWAY_KEY, {
  path: ['GAME_GATEWAY_KEY'],
  error: 'required when GAME_GATEWAY_URL is set (the key the game server has as its gateway key)',
});

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = withGateway.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A password for a demo operator when none is configured: printed once at first start. */
export function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The reference game server's settings (`npm run game-server`; docs/game-protocol.md). A
 * separate program with its own database; GAME_SERVER_KEY is the key the console has as
 * GAME_GATEWAY_KEY.
 */
const gameServerSchema = z.object({
  GAME_SERVER_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  GAME_SERVER_HOST: z.string().default('127.0.0.1'),
  GAME_SERVER_DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'GAME_SERVER_DATABASE_URL must start with sqlite: or postgres://')
    .default('sqlite:./data/game-server.db'),
  GAME_SERVER_GAME_ID: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'GAME_SERVER_GAME_ID: lower-case letters, digits, _ and -').default('demo'),
  GAME_SERVER_KEY: z
    .string({ error: 'required: the shared gateway key (the console has the same value as GAME_GATEWAY_KEY), e.g. GAME_SERVER_KEY=$(openssl rand -base64 32)' })
    .min(16, 'at least 16 characters'),
  GAME_SERVER_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  GAME_SERVER_FAIL_FIRST: z.coerce.number().int().min(0).default(0),
  GAME_SERVER_FAIL_ALL: flag.default(false),
  GAME_SERVER_PLAYERS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
});

export type GameServerEnv = z.infer<typeof gameServerSchema>;

export function readGameServerEnv(source: NodeJS.ProcessEnv = process.env): GameServerEnv {
  const parsed = gameServerSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid game server configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The demo history `npm start` seeds on first start when DEMO_DATA is on (docs/simulator.md):
 * how many simulated players, over how many days up to now. DEMO_PLAYERS=0 seeds none.
 */
const demoSchema = z.object({
  DEMO_PLAYERS: z.coerce.number().int().min(0).max(1_000_000).default(3000),
  DEMO_DAYS: z.coerce.number().int().min(1).max(365).default(35),
});

export type DemoEnv = z.infer<typeof demoSchema>;

export function readDemoEnv(source: NodeJS.ProcessEnv = process.env): DemoEnv {
  const parsed = demoSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid demo data configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
