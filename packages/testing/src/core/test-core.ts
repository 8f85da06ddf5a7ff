import { randomBytes } from 'node:crypto';
import {
  type Core,
  type CoreDeps,
  type CoreSettings,
  createCore,
  type DataSourceProber,
  ensureSystemAdmin,
  type Orchestrator,
  type PasswordHasher,
  type Role,
} from '@oncall/core';
import { User } from '@oncall/core/persistence';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import argon2 from 'argon2';
import { MutableClock } from './mutable-clock';
import { RecordingOrchestrator } from './recording-orchestrator';

/** Same algorithm as production with the cheapest parameters: tests log in hundreds of times. */
const fastHasher: PasswordHasher = {
  hash: (password) =>
    argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  verify: async (hash, password) => argon2.verify(hash, password).catch(() => false),
};

export const ADMIN = { username: 'admin', password: 'admin-password-1' } as const;

export interface TestCore {
  core: Core;
  database: TestDatabase;
  clock: MutableClock;
  settings: CoreSettings;
  /**
   * What `core` was built from; `createTestEngine` (`@oncall/engine/testing`) builds its
   * delivering core from the same, with the engine as orchestrator.
   */
  deps: CoreDeps;
  /** Creates a user directly (bypassing policy) and returns its id. */
  createUser(username: string, role: Role, password?: string): Promise<string>;
  dispose(): Promise<void>;
}

export interface TestCoreOptions {
  /** The engine; a RecordingOrchestrator unless a test needs real delivery. */
  orchestrator?: Orchestrator;
  /** Data-source status checks; the core's stand-in (never connected) unless given. */
  dataSourceProber?: DataSourceProber;
  /** Runs source query hooks (the rule form's lists); the core's stand-in (never answers) unless given. */
  dataSourceQuerier?: CoreDeps['dataSourceQuerier'];
  /** Provider config test sends; the core's stand-in (sends nothing) unless given. */
  providerConfigTester?: CoreDeps['providerConfigTester'];
  /**
   * The plugins (`loadPluginRegistry()` of `@oncall/engine` for the built-ins); none unless given.
   * `createTestEngine` delivers with the same registry, or the built-ins when there is none.
   */
  plugins?: CoreDeps['plugins'];
}

export async function createTestCore(
  overrides: Partial<CoreSettings> = {},
  options: TestCoreOptions = {},
): Promise<TestCore> {
  const database = await createTestDatabase();
  const clock = new MutableClock();
  const settings: CoreSettings = {
    jwtSecret: randomBytes(32).toString('base64url'),
    encryptionKey: randomBytes(32),
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 86_400,
    loginMaxFailuresPerAccount: 5,
    loginAccountWindowSeconds: 900,
    loginMaxAttemptsPerIp: 1000,
    loginIpWindowSeconds: 60,
    publicUrl: 'http://oncall.test',
    ...overrides,
  };
  const orchestrator = options.orchestrator ?? new RecordingOrchestrator();
  const deps: CoreDeps = {
    orm: database.db.orm,
    orchestrator,
    settings,
    clock,
    hasher: fastHasher,
    dataSourceProber: options.dataSourceProber,
    dataSourceQuerier: options.dataSourceQuerier,
    providerConfigTester: options.providerConfigTester,
    plugins: options.plugins,
    // As the server composes it: on PostgreSQL the batched fire statement runs prepared.
    prepared: database.db.prepared,
  };
  const core = createCore(deps);
  await ensureSystemAdmin(database.db.orm, fastHasher, ADMIN);
  return {
    core,
    database,
    clock,
    settings,
    deps,
    async createUser(username, role, password = `${username}-password`) {
      const em = database.db.orm.em.fork();
      const user = em.create(User, {
        username,
        name: username,
        role,
        passwordHash: await fastHasher.hash(password),
      });
      await em.flush();
      return user.id;
    },
    dispose: () => database.dispose(),
  };
}
