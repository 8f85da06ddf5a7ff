import { loadPluginRegistry } from '@oncall/built-ins';
import {
  type AlertEventMessages,
  armedInstanceReader,
  type Clock,
  type Core,
  type CoreDeps,
  type CoreSettings,
  createAlertEventMessages,
  createCore,
  createDeliveryStore,
  SecretBox,
} from '@oncall/core';
import type { TestDatabase } from '@oncall/db/testing';
import { createOnCallPeople } from '@oncall/schedules';
import { createEngineAdapters, type EngineAdapters } from '../adapters/create-engine-adapters';
import type { QueueTuning } from '../boss/queue-tuning';
import type { Engine } from '../driver/engine';
import type { RetryPolicies } from '../driver/retry-policies';
import { createEmbeddedEngine, type EmbeddedEngineOptions } from '../embedded/create-embedded-engine';
import { lateBoundInstanceResolver } from '../embedded/late-bound-instance-resolver';
import { runAutoResolveTimersNow } from './auto-resolve-timers';
import { fixedAlertMessages } from './fixed-alert-messages';

/**
 * What `createTestEngine` reads of a `TestCore` (`@oncall/testing`), described rather than imported:
 * the engine's tests depend on that package, so the engine must not.
 */
export interface TestEngineCore {
  readonly core: Core;
  readonly database: TestDatabase;
  readonly clock: Clock;
  readonly settings: CoreSettings;
  readonly deps: CoreDeps;
}

export interface TestEngineOptions {
  /** Needed with a bare TestDatabase; a TestCore brings its own. */
  readonly encryptionKey?: Buffer;
  /**
   * How alert notifications are rendered. Default with a TestCore: the real messages (rule name,
   * state, description, acknowledge link signed by the TestCore and starting with its `publicUrl`);
   * with a bare TestDatabase, which has no alerts of its own: `fixedAlertMessages()`.
   */
  readonly alertMessages?: AlertEventMessages;
  /** Direct channels' configs, e.g. `{ telegram: { apiBase: fakeBotApi.url } }`. */
  readonly channelConfigs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly policies?: Partial<RetryPolicies>;
  readonly tuning?: Partial<QueueTuning>;
  readonly attemptTimeoutMs?: number;
  readonly runWorkers?: boolean;
  /** Backoff jitter; 0 by default, so retries in tests wait their shortest time. */
  readonly random?: EmbeddedEngineOptions['random'];
  readonly metrics?: EmbeddedEngineOptions['metrics'];
  /**
   * "Now" of the engine (people steps page whoever is on call then) with a bare TestDatabase; a
   * TestCore brings its own clock.
   */
  readonly clock?: Clock;
  /**
   * The group interval of rules that set none (`ALERT_GROUP_INTERVAL_SECONDS` in production, 300 s).
   * Default 0 here: tests written before grouping see one page per instance.
   */
  readonly defaultGroupIntervalSeconds?: number;
}

export interface TestEngine {
  readonly engine: Engine;
  readonly adapters: EngineAdapters;
  readonly box: SecretBox;
  /**
   * With a TestCore: a second core built from the TestCore's deps (same database, clock, plugins,
   * or the built-ins when it has none) whose use cases deliver for real.
   */
  readonly core: Core | undefined;
  /**
   * Makes every queued auto-resolve timer due now and waits until they have run; advance the
   * TestCore's clock first (the engine counts deadlines by it). Returns how many ran.
   */
  runAutoResolveTimersNow(): Promise<number>;
  /** Flushes the group windows due by the engine's clock now; answers how many. */
  flushDueGroups(): Promise<number>;
  /** Stops the engine and closes its connection pools (the database stays open). */
  dispose(): Promise<void>;
}

/**
 * Retries within milliseconds: tests wait for outcomes, not for production backoff. A Retry-After
 * over two seconds fails over at once, or is cut to two seconds on the last config, as production
 * does with its (longer) cap.
 */
const FAST_POLICY = {
  baseDelayMs: 20,
  factor: 2,
  maxDelayMs: 200,
  maxAttemptsPerProvider: 2,
  jitter: 'full',
  maxRetryAfterMs: 2_000,
} as const;

/**
 * The real embedded engine over a test database, started, for tests that want delivery to happen
 * (to the fake vendors of `@oncall/fakes`). The SSRF guard is off, since the fakes listen on
 * 127.0.0.1. `createTestCore` keeps its RecordingOrchestrator; pass the TestCore here to get a core
 * that queues real work, and alert notifications rendered as in production.
 *
 * @example
 * const testEngine = await createTestEngine(testCore);
 * await testEngine.core?.otp.request(...); // delivered to the fake provider
 */
export async function createTestEngine(
  target: TestEngineCore | TestDatabase,
  options: TestEngineOptions = {},
): Promise<TestEngine> {
  const database = 'database' in target ? target.database : target;
  const encryptionKey = 'settings' in target ? target.settings.encryptionKey : options.encryptionKey;
  if (!encryptionKey) throw new Error('createTestEngine needs the encryption key of the data it reads');
  const box = new SecretBox(encryptionKey);
  // One registry for the engine and the delivering core, as the server has.
  const plugins = ('deps' in target ? target.deps.plugins : undefined) ?? (await loadPluginRegistry());
  const adapters = createEngineAdapters({
    ...createDeliveryStore(database.db.orm, {
      box,
      plugins,
      alertMessages: options.alertMessages ?? defaultAlertMessages(target),
      channelConfigs: options.channelConfigs,
      defaultGroupIntervalSeconds: options.defaultGroupIntervalSeconds ?? 0,
    }),
    plugins,
    people: createOnCallPeople(database.db.orm),
    allowPrivateTargets: true,
    attemptTimeoutMs: options.attemptTimeoutMs,
  });
  const instances = lateBoundInstanceResolver();
  const engine = createEmbeddedEngine({
    db: database.db,
    ...adapters,
    // Timers resolve through the core below, and count deadlines by the TestCore's clock.
    ...('core' in target
      ? {
          autoResolve: { instances, readInstance: armedInstanceReader(database.db.orm) },
          clock: target.clock,
        }
      : options.clock
        ? { clock: options.clock }
        : {}),
    policies: { alert: FAST_POLICY, otp: FAST_POLICY, ...options.policies },
    tuning: { pollingIntervalSeconds: 0.5, ...options.tuning },
    runWorkers: options.runWorkers,
    random: options.random ?? (() => 0),
    metrics: options.metrics,
  });
  const core =
    'core' in target ? createCore({ ...target.deps, plugins, orchestrator: engine.orchestrator }) : undefined;
  if (core) instances.bind(core.autoResolver);
  await engine.start();
  return {
    engine,
    adapters,
    box,
    core,
    runAutoResolveTimersNow: () => runAutoResolveTimersNow(database.db),
    flushDueGroups: async () => (await engine.flushDueGroups?.()) ?? 0,
    async dispose() {
      await engine.stop();
      await adapters.close();
    },
  };
}

function defaultAlertMessages(target: TestEngineCore | TestDatabase): AlertEventMessages {
  if (!('core' in target)) return fixedAlertMessages();
  return createAlertEventMessages({
    orm: target.database.db.orm,
    ackLinks: target.core.ackLinks,
    publicUrl: target.settings.publicUrl ?? 'http://oncall.test',
  });
}
