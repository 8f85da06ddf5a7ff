import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

/** Every environment variable the service reads, and nothing else. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  ADMIN_USERNAME: z.string().min(1).max(190).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** GraphQL answers `__schema` and `__type`; unset: on, except in production. */
  GRAPHQL_INTROSPECTION: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  ENCRYPTION_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9+/]{43}=$|^[0-9a-fA-F]{64}$/,
      'must be 32 bytes as base64 (44 chars) or hex (64 chars)',
    )
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(30 * 24 * 3600),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_ACCOUNT_WINDOW_SECONDS: positiveInt.default(15 * 60),
  LOGIN_MAX_ATTEMPTS_PER_IP: positiveInt.default(30),
  LOGIN_IP_WINDOW_SECONDS: positiveInt.default(60),
  /** Alerts one rule token may post per minute on the ingestion routes (then 429). */
  INGEST_MAX_PER_TOKEN_PER_MINUTE: positiveInt.default(600),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** npm package names of extra channel plugins, comma-separated. */
  CHANNEL_PLUGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  /** Lets deliveries reach private and loopback addresses (closed networks, tests): the SSRF guard is off. */
  ALLOW_PRIVATE_WEBHOOK_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Whether this process works the engine's queues: the embedded engine's jobs (dispatch, delivery,
   * flows, timers), or with Temporal the outbox that starts workflows. `false`: it only queues them,
   * for a server that should spend its CPU on requests while other server processes on the same
   * PostgreSQL do that work. Needs `DATABASE_URL` (PGlite is one process).
   */
  ENGINE_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** `host:port` of a Temporal frontend; when set, Temporal runs deliveries instead of the embedded engine. */
  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('oncall'),
  INIT_CWD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;
