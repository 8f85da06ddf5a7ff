import { z } from 'zod';
import { oidcEnvSchema } from './oidc-settings';
import { temporalAddressSchema } from './temporal-address';
import { trustProxySchema } from './trust-proxy';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().min(0);
/** A comma-separated list of npm package names; blanks around and between commas are dropped. */
const packageNames = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );

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
  /**
   * A spent refresh token whose successor is unspent, presented again within the access token's life
   * plus this many seconds of its last answer, gets its successor again (clients racing themselves or
   * dropping the answer, as the legacy web UI does).
   */
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: nonNegativeInt.max(3600).default(300),
  /** How long an acknowledge link in a message works after it is sent (it dies sooner with its episode). */
  ACK_LINK_TTL_SECONDS: positiveInt.default(7 * 24 * 3600),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_ACCOUNT_WINDOW_SECONDS: positiveInt.default(15 * 60),
  LOGIN_MAX_ATTEMPTS_PER_IP: positiveInt.default(30),
  LOGIN_IP_WINDOW_SECONDS: positiveInt.default(60),
  /** Keys (account + address pairs, addresses) each login limiter keeps in memory at most. */
  LOGIN_THROTTLE_MAX_KEYS: positiveInt.default(100_000),
  /** Alerts one rule token may post per minute on the ingestion routes (then 429). */
  INGEST_MAX_PER_TOKEN_PER_MINUTE: positiveInt.default(600),
  /** Pings one heartbeat rule (all its instances) may take per minute (then 429). */
  HEARTBEAT_MAX_PINGS_PER_MINUTE: positiveInt.default(600),
  /** Days of alert history kept (0: forever); open episodes are always kept. */
  RETENTION_HISTORY_DAYS: nonNegativeInt.default(400),
  /** Days of delivery attempts kept (0: forever). */
  RETENTION_DELIVERY_ATTEMPTS_DAYS: nonNegativeInt.default(90),
  /** Seconds expired or revoked sessions, refresh tokens and OTP codes are kept after that. */
  RETENTION_EXPIRED_GRACE_SECONDS: nonNegativeInt.default(86_400),
  /** Seconds between runs of the retention job, whichever replica runs it. */
  RETENTION_INTERVAL_SECONDS: positiveInt.default(3_600),
  /** Rows one retention delete removes at most. */
  RETENTION_BATCH_SIZE: positiveInt.default(1_000),
  /** On a main: seconds an agent zone may go without a heartbeat before its silence alert opens. */
  ZONE_SILENT_AFTER_SECONDS: positiveInt.default(120),
  /** On an agent: seconds between its heartbeats to the main. */
  ZONE_HEARTBEAT_SECONDS: positiveInt.default(30),
  /** On an agent: seconds without reaching its main before it pages locally. */
  ZONE_MAIN_SILENT_AFTER_SECONDS: positiveInt.default(300),
  /** On an agent: seconds between copies of the main's users, teams, endpoints and provider configs (also on start and when the main signals a change). */
  ZONE_SYNC_SECONDS: positiveInt.default(300),
  /** A PEM file of extra certificate authorities trusted between zones; TLS verification is always on. */
  ZONE_CA_FILE: z.string().min(1).optional(),
  /** An external heartbeat URL the service pings while it runs (Healthchecks, another instance's heartbeat rule). */
  WATCHDOG_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Seconds between watchdog pings. */
  WATCHDOG_INTERVAL_SECONDS: positiveInt.default(60),
  /** Fires waiting for the shared ingestion statement at most; one more answers 503. */
  INGEST_FIRE_QUEUE_MAX: positiveInt.default(2000),
  /** How long a fire may wait for that statement before it answers 503 (nothing of it written). */
  INGEST_FIRE_QUEUE_WAIT_MS: positiveInt.default(5000),
  /** Connecting to PostgreSQL, and waiting for a free pooled connection. */
  DB_CONNECT_TIMEOUT_MS: positiveInt.default(5000),
  /** PostgreSQL's `statement_timeout`; the service also stops waiting for an answer a little after it. */
  DB_STATEMENT_TIMEOUT_MS: nonNegativeInt.default(30_000),
  DB_LOCK_TIMEOUT_MS: nonNegativeInt.default(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: nonNegativeInt.default(60_000),
  /** `/readyz` answers 503 when the database has not answered its probe within this. */
  READINESS_TIMEOUT_MS: positiveInt.default(2000),
  /** Receiving a whole request (headers and body) from a client. */
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  /** The most endpoints one alert rule may page; attaching more is a 422. */
  MAX_ENDPOINTS_PER_RULE: positiveInt.max(1000).default(50),
  /** Live streams (the tRPC live feed) one user may hold open at once per process; one more is a 429. */
  LIVE_STREAMS_PER_USER: positiveInt.default(10),
  /** Live streams all users together may hold open at once per process; one more is a 429. */
  LIVE_STREAMS_MAX: positiveInt.default(1000),
  /** When set, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (else 401). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: trustProxySchema,
  ...oidcEnvSchema,
  /** npm package names of extra channel plugins, comma-separated. */
  CHANNEL_PLUGINS: packageNames,
  /** npm package names of extra source plugins, comma-separated. */
  SOURCE_PLUGINS: packageNames,
  /** Lets deliveries reach private and loopback addresses (closed networks, tests): the SSRF guard is off. */
  ALLOW_PRIVATE_WEBHOOK_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The longest vendor Retry-After a page waits for; longer fails over to the backup provider at once. */
  DELIVERY_MAX_RETRY_AFTER_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * The group interval of rules that set none (docs/grouping.md): the first instance of a group pages
   * at once, what follows within this many seconds goes out as one message. 0: one page per instance.
   */
  ALERT_GROUP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
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
  /**
   * Whether a page queued by this process is sent by it right after the fire commits, with no queue
   * hop (embedded engine with workers only); its job stays as a delayed backstop that a worker takes
   * over if this process dies first. `false`: every page goes through the queue's workers.
   */
  ENGINE_DIRECT_DISPATCH: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Rule evaluations (text-query, Elasticsearch, VictoriaLogs, Metabase rules) running at once in a process with workers. */
  EVALUATION_MAX_RUNNING: positiveInt.max(1000).default(64),
  /** Of those, evaluations asking one data source at once: a slow source holds back only its own rules. */
  EVALUATION_PER_SOURCE: positiveInt.max(1000).default(8),
  /** Failed delivery attempts in a row (nothing delivered between) before a provider config's admin alert. */
  PROVIDER_FAILING_AFTER_ATTEMPTS: positiveInt.max(1000).default(5),
  /** How old the first of those failed attempts must be, in seconds, too. */
  PROVIDER_FAILING_AFTER_SECONDS: nonNegativeInt.max(86_400).default(300),
  /** `host:port` of a Temporal frontend; when set, Temporal runs deliveries instead of the embedded engine. */
  TEMPORAL_ADDRESS: temporalAddressSchema.optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('oncall'),
  INIT_CWD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;
