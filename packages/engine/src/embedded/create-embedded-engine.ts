import type { ArmedInstanceReader, DeliveryAttemptLog, GroupWindowStore } from '@oncall/core';
import { type Clock, systemClock } from '@oncall/core';
import type { Database } from '@oncall/db';
import type { ChannelSender, InstanceResolver, OnCallPeople } from '@oncall/workflows';
import { type JobContext, type JobQueue, openJobQueue } from '../boss/job-queue';
import { DEFAULT_QUEUE_TUNING, type QueueTuning } from '../boss/queue-tuning';
import type { Engine } from '../driver/engine';
import { createGroupedDispatch, type GroupedDispatch, startGroupFlushes } from '../driver/grouped-dispatch';
import { LANE_QUEUES, QUEUES } from '../driver/queues';
import { DEFAULT_RETRY_POLICIES, type RetryPolicies } from '../driver/retry-policies';
import { slowLaneSlots } from '../driver/slow-lane-slots';
import { DELIVERY_LANES } from '../ports/delivery-lane';
import { type EngineMetrics, NO_ENGINE_METRICS } from '../ports/engine-metrics';
import type { NotificationRoutes } from '../ports/notification-routes';
import { createAutoResolveRunner } from './auto-resolve-runner';
import { createDeliveryRunner } from './delivery-runner';
import { createDirectDispatch, type DirectDispatch } from './direct-dispatch';
import { createDispatcher } from './dispatcher';
import { embeddedGroupSends } from './embedded-group-sends';
import { createEmbeddedOrchestrator } from './embedded-orchestrator';
import { createFlowRunner } from './flow-runner';
import type {
  AutoResolveJob,
  DeliveryJob,
  DispatchJob,
  EscalationStopJob,
  FlowJob,
  PersonalRuleJob,
} from './jobs';
import { createLaneAdmission } from './lane-admission';

export interface EmbeddedEngineOptions {
  /** The application database; the queue lives in its `pgboss` schema. */
  readonly db: Database;
  readonly sender: ChannelSender;
  readonly log: DeliveryAttemptLog;
  readonly routes: NotificationRoutes;
  /** Group windows: given, openings and resolves of rules that group are gathered (docs/grouping.md). */
  readonly groups?: GroupWindowStore;
  /** Whom a flow's people steps (schedule, user, team) page, asked when the step runs. */
  readonly people: OnCallPeople;
  /** Given, this process works the auto-resolve queue; without it, timers wait for a process that does. */
  readonly autoResolve?: EmbeddedAutoResolve;
  /** "Now" for auto-resolve deadlines, the clock the core stamps fires with; real time by default. */
  readonly clock?: Clock;
  readonly policies?: Partial<RetryPolicies>;
  readonly tuning?: Partial<QueueTuning>;
  /** False: this process only queues work and another one runs the workers. Default true. */
  readonly runWorkers?: boolean;
  /**
   * True (the default, with workers): a dispatch this process queues runs here right after its
   * transaction commits, its job kept as a delayed backstop (`direct-dispatch.ts`). False: every
   * job goes to the workers at once.
   */
  readonly directDispatch?: boolean;
  /** Monotonic milliseconds for send latency; `performance.now` by default. */
  readonly now?: () => number;
  /** Backoff jitter in [0, 1); `Math.random` by default. */
  readonly random?: () => number;
  /** Failures of background work: pg-boss loops and failed jobs (which are retried). */
  readonly onError?: (error: unknown) => void;
  /** Counters of deliveries, failovers and failed jobs, for `/metrics`. */
  readonly metrics?: EngineMetrics;
}

/** What the embedded engine's auto-resolve timers read and resolve through, both the core's. */
export interface EmbeddedAutoResolve {
  /**
   * Resolves instances whose timer ran out: the core's `AutoResolver`, usually bound late
   * (`lateBoundInstanceResolver`), since the core is built on this engine's orchestrator.
   */
  readonly instances: InstanceResolver;
  /** The instance a timer was armed for, read when it runs out: the core's `armedInstanceReader`. */
  readonly readInstance: ArmedInstanceReader;
}

/**
 * The embedded driver: pg-boss in the application database runs the pure deciders. The orchestrator
 * queues jobs in the caller's transaction; workers dispatch them, send, record every attempt, and
 * carry decider state across backoff timers and flow waits in delayed jobs.
 *
 * @example
 * const engine = createEmbeddedEngine({ db, sender, log, routes });
 * const core = createCore({ orm: db.orm, orchestrator: engine.orchestrator, settings });
 * await engine.start();
 * // … on shutdown, before db.close():
 * await engine.stop();
 */
export function createEmbeddedEngine(options: EmbeddedEngineOptions): Engine {
  let queue: JobQueue | null = null;
  const started = () => {
    if (queue === null) throw new Error('The embedded engine is not started');
    return queue;
  };
  const clock = options.clock ?? systemClock;
  const tuning = { ...DEFAULT_QUEUE_TUNING, ...options.tuning };
  let direct: DirectDispatch | null = null;
  let grouping: GroupedDispatch | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  // Longer than a direct run can take: its wait for a turn, then a handler's bound.
  const leaseMs = tuning.directMaxWaitMs + tuning.expireInSeconds * 1000;
  const orchestrator = createEmbeddedOrchestrator(started, clock, { current: () => direct, leaseMs });
  return {
    orchestrator,
    async start() {
      if (queue) return;
      const metrics = options.metrics ?? NO_ENGINE_METRICS;
      const opened = await openJobQueue(options.db, {
        tuning: options.tuning,
        onError: options.onError,
        metrics,
      });
      queue = opened;
      if (options.runWorkers === false) return;
      // Before any work here: what a dead process left is taken over from now on (on PGlite, all of it).
      await opened.register();
      const deliveries = createDeliveryRunner({
        sender: options.sender,
        attemptLog: options.log,
        queue: opened,
        metrics,
        now: options.now ?? (() => performance.now()),
        random: options.random ?? Math.random,
        notify: async (tx, requests) => {
          if (orchestrator.notifyMany) await orchestrator.notifyMany(tx, requests);
          else for (const request of requests) await orchestrator.notify(tx, request);
        },
        onError: options.onError,
      });
      const flows = createFlowRunner({
        queue: opened,
        routes: options.routes,
        people: options.people,
        clock,
      });
      const policies = { ...DEFAULT_RETRY_POLICIES, ...options.policies };
      grouping = options.groups
        ? createGroupedDispatch({
            groups: options.groups,
            sends: embeddedGroupSends(opened),
            clock,
          })
        : null;
      const lanes = createLaneAdmission({
        shares: options.routes,
        slots: slowLaneSlots(tuning),
        queue: opened,
        onError: options.onError ?? (() => undefined),
        // Half the direct runs at most: a tarpit's sends never take the places pages run in.
        inlineLimit: Math.floor(tuning.directConcurrency / 2),
      });
      const dispatch = createDispatcher({
        routes: options.routes,
        deliveries,
        flows,
        policies,
        queue: opened,
        ...(grouping ? { grouping } : {}),
        holdLane: lanes.hold,
      });
      // A direct job run by a worker took over from a process that may have sent already.
      await opened.work<DispatchJob>(
        QUEUES.dispatch,
        (job, { retryCount }) =>
          dispatch(job, { replay: retryCount > 0 || job.direct === true, direct: false }),
        { batchSize: tuning.dispatchBatchSize, localConcurrency: tuning.localConcurrency },
      );
      if (options.directDispatch !== false) {
        const here = createDirectDispatch({
          run: (job) => dispatch(job, { replay: false, direct: true }),
          queue: opened,
          concurrency: tuning.directConcurrency,
          maxWaitMs: tuning.directMaxWaitMs,
          now: options.now ?? (() => performance.now()),
          onError: options.onError ?? (() => undefined),
        });
        opened.afterCommit(here.committed);
        direct = here;
      }
      // Pages are fetched in batches (throughput). The slow lanes are pumped (`claim-pump.ts`):
      // claimed in batches but each job run on its own, with a share per endpoint owner, rule and
      // rule owner, so a hanging target holds one place of its own lane and nothing else, and one
      // rule's targets never hold all of them. The pump keeps an owner that holds its share out of
      // the claims; the admission bounds all three.
      const slowLane = {
        capacity: tuning.slowLaneWorkers,
        perGroup: tuning.slowLanePerOwner,
        claimBatch: SLOW_LANE_CLAIM_BATCH,
        pollingIntervalMs: tuning.slowLanePollingIntervalSeconds * 1000,
      };
      for (const lane of DELIVERY_LANES) {
        const queueName = LANE_QUEUES[lane];
        const deliver = (job: DeliveryJob, { retryCount, group }: JobContext) =>
          deliveries(
            job.input,
            job.deferrals
              ? 'resend'
              : job.timerId
                ? { type: 'timerFired', timerId: job.timerId }
                : { type: 'started' },
            { replay: retryCount > 0 || job.replay === true, lane, group, deferrals: job.deferrals ?? 0 },
          );
        if (lane === 'page') {
          await opened.work<DeliveryJob>(queueName, deliver);
          continue;
        }
        opened.pump<DeliveryJob>(
          queueName,
          (job, context) =>
            lanes.admitted(queueName, job.input.notification, context, () => deliver(job, context)),
          slowLane,
        );
      }
      await opened.work<FlowJob | PersonalRuleJob>(QUEUES.flow, (job) => flows.runJob(job));
      // Markers only need to exist; completing them keeps them out of the backlog counts.
      await opened.work<EscalationStopJob>(QUEUES.escalationStop, async () => undefined);
      if (grouping) flushTimer = startGroupFlushes(grouping, options.onError ?? (() => undefined));
      if (options.autoResolve) {
        const autoResolve = createAutoResolveRunner({ queue: opened, ...options.autoResolve, clock });
        await opened.work<AutoResolveJob>(QUEUES.autoResolve, (job, { id }) => autoResolve(job, id));
      }
    },
    async stop(timeoutMs) {
      if (flushTimer) clearInterval(flushTimer);
      flushTimer = null;
      grouping = null;
      const here = direct;
      direct = null;
      await here?.stop(timeoutMs ?? 30_000);
      const current = queue;
      queue = null;
      await current?.stop(timeoutMs);
    },
    queueStats: async () => (queue ? queue.stats() : []),
    flushDueGroups: async () => (grouping ? grouping.flushDue() : 0),
  };
}

/** Most jobs one claim of a slow lane takes (fewer when the lane or an owner has less room). */
const SLOW_LANE_CLAIM_BATCH = 64;
