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
  REDIS_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_PASSWORD: z.string().min(8).optional(),
  GAME_INGEST_KEY: z.string().min(16).optional(),
  DEMO_DATA: flag.default(true),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(5).max(64).default(8),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  TEST_DATABASE_URL: z.string().optional(),
  /** Which database the server test suite runs on: `npm test` runs it once per configured one. */
  TEST_DB: z.enum(['sqlite', 'postgres']).default('sqlite'),
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
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
