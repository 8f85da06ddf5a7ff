import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from './config-error';
import { envSchema } from './config-schema';
import { loadOrCreateDevSecrets } from './dev-secrets';
import type { OidcSettings } from './oidc-settings';
import type { TrustProxy } from './trust-proxy';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  http: {
    host: string;
    port: number;
    bodyLimitBytes: number;
    /** `TRUST_PROXY`: whose `X-Forwarded-For` entries name the client. */
    trustProxy: TrustProxy;
    publicUrl: string;
    /** `HTTP_REQUEST_TIMEOUT_MS`: receiving a whole request. */
    requestTimeoutMs: number;
    /** `READINESS_TIMEOUT_MS`: `/readyz` answers 503 when the database probe takes longer. */
    readinessTimeoutMs: number;
    /** `METRICS_TOKEN`: the bearer token `/metrics` asks for; open when undefined. */
    metricsToken: string | undefined;
  };
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** How long the service waits on PostgreSQL (the `DB_*_TIMEOUT_MS` variables; 0 turns one off). */
  databaseTimeouts: {
    connectMs: number;
    statementMs: number;
    lockMs: number;
    idleInTransactionMs: number;
  };
  dataDir: string;
  admin: { username: string; password: string | undefined };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  graphql: {
    /** `GRAPHQL_INTROSPECTION`, or on outside production. */
    introspection: boolean;
  };
  /** 32-byte key for AES-256-GCM secret encryption at rest. */
  encryptionKey: Buffer;
  jwtSecret: string;
  auth: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /** `REFRESH_TOKEN_REUSE_GRACE_SECONDS`: reuse of a spent refresh token this soon is not a leak. */
    refreshTokenReuseGraceSeconds: number;
    /** `ACK_LINK_TTL_SECONDS`: the longest an acknowledge link in a message works. */
    ackLinkTtlSeconds: number;
    loginMaxFailuresPerAccount: number;
    loginAccountWindowSeconds: number;
    loginMaxAttemptsPerIp: number;
    loginIpWindowSeconds: number;
    loginThrottleMaxKeys: number;
  };
  ingestion: {
    /** Alerts accepted per rule token per minute (`INGEST_MAX_PER_TOKEN_PER_MINUTE`). */
    perTokenPerMinute: number;
    /** `INGEST_FIRE_QUEUE_MAX` and `INGEST_FIRE_QUEUE_WAIT_MS`: the shared fire statement's queue. */
    fireQueue: { maxWaiting: number; maxWaitMs: number };
    /** Pings accepted per heartbeat rule per minute (`HEARTBEAT_MAX_PINGS_PER_MINUTE`). */
    heartbeatPingsPerMinute: number;
  };
  /** The retention job (`RETENTION_*`); days of 0 keep that kind forever. */
  retention: {
    historyDays: number;
    deliveryAttemptDays: number;
    expiredGraceSeconds: number;
    intervalSeconds: number;
    batchSize: number;
  };
  /** Zones (`ZONE_*`): an agent's silence bound on a main, an agent's heartbeat and sync periods, the extra CA. */
  zones: {
    silentAfterSeconds: number;
    heartbeatSeconds: number;
    mainSilentAfterSeconds: number;
    syncSeconds: number;
    caFile: string | undefined;
  };
  /** `WATCHDOG_URL` and `WATCHDOG_INTERVAL_SECONDS`: the external heartbeat pinged; null: none. */
  watchdog: { url: string; intervalSeconds: number } | null;
  /** The most endpoints one alert rule may page (`MAX_ENDPOINTS_PER_RULE`). */
  maxEndpointsPerRule: number;
  /** Live streams open at once per process: per user (`LIVE_STREAMS_PER_USER`) and in all (`LIVE_STREAMS_MAX`). */
  liveStreams: { perUser: number; total: number };
  /** The plugin packages to load beside the built-ins, as `loadPluginRegistry` takes them. */
  plugins: {
    /** `CHANNEL_PLUGINS`. */
    channelPackages: string[];
    /** `SOURCE_PLUGINS`. */
    sourcePackages: string[];
  };
  delivery: {
    /** `ALLOW_PRIVATE_WEBHOOK_TARGETS`: the SSRF guard is off. */
    allowPrivateTargets: boolean;
    /** `DELIVERY_MAX_RETRY_AFTER_SECONDS`: a longer Retry-After fails a page over to the backup config. */
    maxRetryAfterSeconds: number;
    /** `ALERT_GROUP_INTERVAL_SECONDS`: the group interval of rules that set none. */
    groupIntervalSeconds: number;
    /** `ENGINE_WORKERS`: false when this process only queues and other processes deliver. */
    runWorkers: boolean;
    /** `ENGINE_DIRECT_DISPATCH`: pages this process queues are sent by it right after commit. */
    directDispatch: boolean;
  };
  /** Scheduled rule evaluations, run where `ENGINE_WORKERS` is true, with either driver. */
  evaluation: {
    /** `EVALUATION_MAX_RUNNING`. */
    maxRunning: number;
    /** `EVALUATION_PER_SOURCE`. */
    perSourceConcurrency: number;
  };
  /** When a provider config that keeps failing raises the admins' alert (both must hold). */
  providerFailing: {
    /** `PROVIDER_FAILING_AFTER_ATTEMPTS`. */
    attempts: number;
    /** `PROVIDER_FAILING_AFTER_SECONDS`. */
    afterSeconds: number;
  };
  /** Set when `OIDC_ISSUER_URL` is: single sign-on over OpenID Connect. */
  oidc: OidcSettings | undefined;
  /** `LOCAL_LOGIN`: false leaves password login to the system admin alone. */
  localLogin: boolean;
  /** Set when `TEMPORAL_ADDRESS` is: deliveries run on Temporal, started through an outbox. */
  temporal: { address: string; namespace: string; taskQueue: string } | undefined;
}

/** The only place the process environment is read. Throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '(environment)'),
        message: issue.message,
      })),
    );
  }
  const env = parsed.data;
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = env.DATA_DIR
    ? isAbsolute(env.DATA_DIR)
      ? env.DATA_DIR
      : resolve(baseDir, env.DATA_DIR)
    : join(baseDir, 'data');

  const missing: Array<{ variable: string; message: string }> = [];
  if (env.NODE_ENV === 'production') {
    if (!env.ENCRYPTION_KEY) missing.push({ variable: 'ENCRYPTION_KEY', message: 'required in production' });
    if (!env.JWT_SECRET) missing.push({ variable: 'JWT_SECRET', message: 'required in production' });
  }
  if (!env.ENGINE_WORKERS && !env.DATABASE_URL) {
    missing.push({
      variable: 'ENGINE_WORKERS',
      message:
        'false needs DATABASE_URL: the embedded PGlite database serves one process, which must deliver',
    });
  }
  if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
    missing.push({ variable: 'OIDC_CLIENT_ID', message: 'required when OIDC_ISSUER_URL is set' });
  }
  if (!env.LOCAL_LOGIN && !env.OIDC_ISSUER_URL) {
    missing.push({ variable: 'LOCAL_LOGIN', message: 'false needs OIDC_ISSUER_URL: nobody could sign in' });
  }
  if (missing.length > 0) throw new ConfigError(missing);
  const dev =
    env.ENCRYPTION_KEY && env.JWT_SECRET ? undefined : loadOrCreateDevSecrets(join(dataDir, 'secrets'));

  const encryptionKeyText = env.ENCRYPTION_KEY ?? dev?.encryptionKey ?? '';
  const host = env.HOST;
  return {
    env: env.NODE_ENV,
    http: {
      host,
      port: env.PORT,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      trustProxy: env.TRUST_PROXY,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
      publicUrl: (env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${env.PORT}`).replace(
        /\/$/,
        '',
      ),
      metricsToken: env.METRICS_TOKEN,
    },
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    databaseTimeouts: {
      connectMs: env.DB_CONNECT_TIMEOUT_MS,
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      lockMs: env.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dataDir,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    graphql: { introspection: env.GRAPHQL_INTROSPECTION ?? env.NODE_ENV !== 'production' },
    encryptionKey: Buffer.from(
      encryptionKeyText,
      /^[0-9a-fA-F]{64}$/.test(encryptionKeyText) ? 'hex' : 'base64',
    ),
    jwtSecret: env.JWT_SECRET ?? dev?.jwtSecret ?? '',
    auth: {
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
      refreshTokenReuseGraceSeconds: env.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
      ackLinkTtlSeconds: env.ACK_LINK_TTL_SECONDS,
      loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginAccountWindowSeconds: env.LOGIN_ACCOUNT_WINDOW_SECONDS,
      loginMaxAttemptsPerIp: env.LOGIN_MAX_ATTEMPTS_PER_IP,
      loginIpWindowSeconds: env.LOGIN_IP_WINDOW_SECONDS,
      loginThrottleMaxKeys: env.LOGIN_THROTTLE_MAX_KEYS,
    },
    ingestion: {
      perTokenPerMinute: env.INGEST_MAX_PER_TOKEN_PER_MINUTE,
      fireQueue: { maxWaiting: env.INGEST_FIRE_QUEUE_MAX, maxWaitMs: env.INGEST_FIRE_QUEUE_WAIT_MS },
      heartbeatPingsPerMinute: env.HEARTBEAT_MAX_PINGS_PER_MINUTE,
    },
    retention: {
      historyDays: env.RETENTION_HISTORY_DAYS,
      deliveryAttemptDays: env.RETENTION_DELIVERY_ATTEMPTS_DAYS,
      expiredGraceSeconds: env.RETENTION_EXPIRED_GRACE_SECONDS,
      intervalSeconds: env.RETENTION_INTERVAL_SECONDS,
      batchSize: env.RETENTION_BATCH_SIZE,
    },
    zones: {
      silentAfterSeconds: env.ZONE_SILENT_AFTER_SECONDS,
      heartbeatSeconds: env.ZONE_HEARTBEAT_SECONDS,
      mainSilentAfterSeconds: env.ZONE_MAIN_SILENT_AFTER_SECONDS,
      syncSeconds: env.ZONE_SYNC_SECONDS,
      caFile: env.ZONE_CA_FILE,
    },
    watchdog: env.WATCHDOG_URL
      ? { url: env.WATCHDOG_URL, intervalSeconds: env.WATCHDOG_INTERVAL_SECONDS }
      : null,
    maxEndpointsPerRule: env.MAX_ENDPOINTS_PER_RULE,
    liveStreams: { perUser: env.LIVE_STREAMS_PER_USER, total: env.LIVE_STREAMS_MAX },
    plugins: { channelPackages: env.CHANNEL_PLUGINS, sourcePackages: env.SOURCE_PLUGINS },
    delivery: {
      allowPrivateTargets: env.ALLOW_PRIVATE_WEBHOOK_TARGETS,
      maxRetryAfterSeconds: env.DELIVERY_MAX_RETRY_AFTER_SECONDS,
      groupIntervalSeconds: env.ALERT_GROUP_INTERVAL_SECONDS,
      runWorkers: env.ENGINE_WORKERS,
      directDispatch: env.ENGINE_DIRECT_DISPATCH,
    },
    evaluation: { maxRunning: env.EVALUATION_MAX_RUNNING, perSourceConcurrency: env.EVALUATION_PER_SOURCE },
    providerFailing: {
      attempts: env.PROVIDER_FAILING_AFTER_ATTEMPTS,
      afterSeconds: env.PROVIDER_FAILING_AFTER_SECONDS,
    },
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: env.OIDC_SCOPES.split(/\s+/).filter(Boolean),
            groupsClaim: env.OIDC_GROUPS_CLAIM,
            usernameClaim: env.OIDC_USERNAME_CLAIM,
            ownerGroups: env.OIDC_OWNER_GROUPS,
            managerGroups: env.OIDC_MANAGER_GROUPS,
            teamGroups: env.OIDC_TEAM_GROUPS,
          }
        : undefined,
    localLogin: env.LOCAL_LOGIN,
    temporal: env.TEMPORAL_ADDRESS
      ? {
          address: env.TEMPORAL_ADDRESS,
          namespace: env.TEMPORAL_NAMESPACE,
          taskQueue: env.TEMPORAL_TASK_QUEUE,
        }
      : undefined,
  };
}
