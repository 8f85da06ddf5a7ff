import type { EntityManager } from '@mikro-orm/core';
import type { Clock, GroupedInstance, GroupWindowRef, GroupWindowStore } from '@oncall/core';
import {
  type CarriedInstances,
  type DeliveryInput,
  type DeliveryLane,
  decideGroup,
  type GroupCommand,
  type GroupEvent,
  type GroupMember,
  type GroupSettings,
  type GroupState,
  groupKeyOf,
  groupWindowKey,
  initialGroupState,
  nextDueAt,
} from '@oncall/workflows';

/**
 * How a driver queues what a window decided, in the window's transaction (`tx`): its outbox.
 * The embedded driver queues jobs of its own queues; the Temporal driver outbox jobs that start
 * workflows. One call per transaction, with everything it decided, so a storm's batch is a few
 * inserts, not one per message.
 */
export interface GroupSends {
  /**
   * What the drivers queue here goes ahead of the notifies still waiting for their windows
   * (`DECIDED_PRIORITY`): in a storm those are thousands, and a group message behind them would
   * leave its interval late, bunched with the next one.
   */
  send(
    tx: EntityManager,
    decided: { readonly singles: readonly SingleSend[]; readonly groups: readonly GroupMessage[] },
  ): Promise<void>;
}

/**
 * An instance's own page: the routed delivery, under the event's own delivery key; or, for a flow
 * endpoint (`delivery` null), the notify again, marked decided, so it starts the event's flow (or
 * sends its follow-up) as without grouping.
 */
export interface SingleSend {
  readonly alertEventId: string;
  readonly endpointId: string;
  readonly delivery: RoutedDelivery | null;
}

/**
 * A grouped message a window decided: `key` is its business key (`group:<flushAt>:<window>`), the
 * base of its idempotency keys; `alertEventId` the event whose message carries the list.
 */
export interface GroupMessage {
  readonly type: 'group';
  readonly key: string;
  readonly alertEventId: string;
  readonly endpointId: string;
  readonly carried: CarriedInstances;
}

export interface GroupedDispatchDeps {
  readonly groups: GroupWindowStore;
  readonly sends: GroupSends;
  /** The time every group event is decided at: the core's clock. */
  readonly clock: Clock;
}

/** An endpoint's delivery as `decideDispatch` routed it: its lane, chain owner and first send. */
export interface RoutedDelivery {
  readonly key: string;
  readonly input: DeliveryInput;
  readonly lane: DeliveryLane;
  readonly ownerId?: string;
}

/** The queue priority of what a window decided, above the notifies' 0. */
export const DECIDED_PRIORITY = 1;

/** Group windows flushed by one call at most; the loop calls again while it finds more. */
const FLUSH_BATCH = 100;

/** Events one window transaction decides at most; more wait for the next one. */
const WINDOW_BATCH = 1_000;

/**
 * What one dispatch asks of a window: its events (an opening or a resolve; an acknowledgement's
 * instances of this window), the settings a new window starts with, and how an instance's own page
 * goes (`flow`: the notify again, decided; null: no page of its own, an acknowledgement).
 */
interface WindowRequest {
  readonly window: GroupWindowRef;
  readonly events: readonly GroupEvent[];
  readonly settings: GroupSettings;
  readonly single: RoutedDelivery | 'flow' | null;
}

/**
 * Grouped notifications on both drivers (docs/grouping.md). A notify of an opening or a resolve of a
 * rule that groups goes through its window's `decideGroup` under the window's row lock; what the
 * decider sends is queued in that same transaction (a `single` under the event's own delivery key,
 * a group under `group:<flushAt>:<window>`), so a crash before the commit loses nothing (the
 * dispatches fail and are retried) and a replayed dispatch finds the event already carried.
 *
 * A window decides one transaction at a time in this process: what arrives while its transaction
 * runs waits and is decided in the next one, together, event by event in arrival order, so the
 * state and messages are those of deciding them one by one. In a storm of one rule thousands of
 * openings share a window per endpoint; one by one, each paid a transaction on the same row lock.
 * Every dispatch of a batch settles with its transaction: a failure fails them all, and the
 * queue retries each. Due windows are flushed by `flushDue`, claimed with
 * `for update skip locked`. An acknowledgement only takes its instances out of their windows'
 * repeats; its own message goes as before.
 */
export function createGroupedDispatch(deps: GroupedDispatchDeps) {
  const { groups, sends, clock } = deps;

  // A group or repeat message: the base event's message with the carried instances' list. A repeat
  // reads as the opening of its oldest unacknowledged instance, never as whatever the window sent
  // last (a resolve's headline would tell the pager all is well).
  const groupMessage = (
    window: GroupWindowRef,
    command: Exclude<GroupCommand, { type: 'single' }>,
  ): GroupMessage | null => {
    const carried: CarriedInstances =
      command.type === 'group'
        ? { firing: command.firing.map(carriedOf), resolved: command.resolved.map(carriedOf) }
        : {
            firing: command.instances.map((m) => ({ instanceId: m.instance, alertEventId: null })),
            resolved: [],
          };
    const alertEventId =
      command.type === 'group'
        ? (command.firing[0] ?? command.resolved[0])?.alertEventId
        : command.instances[0]?.alertEventId;
    if (alertEventId === undefined) return null;
    const key = `${command.key}:${window.windowKey}`;
    return { type: 'group', key, alertEventId, endpointId: window.endpointId, carried };
  };

  // Decides one window's events in order, from `raw`, and queues what they send in `tx`.
  const decideAll = async (
    tx: EntityManager,
    window: GroupWindowRef,
    raw: unknown,
    requests: ReadonlyArray<Pick<WindowRequest, 'events' | 'settings' | 'single'>>,
  ): Promise<GroupState> => {
    let state = stateOf(raw, requests[0]?.settings ?? { groupIntervalMs: 0, repeatIntervalMs: 0 });
    const singles: SingleSend[] = [];
    const messages: GroupMessage[] = [];
    for (const request of requests) {
      for (const event of request.events) {
        const decision = decideGroup(state, event);
        state = decision.state;
        for (const command of decision.commands) {
          if (command.type !== 'single') {
            const message = groupMessage(window, command);
            if (message !== null) messages.push(message);
            continue;
          }
          if (request.single === null) continue;
          const delivery = request.single === 'flow' ? null : request.single;
          singles.push({
            alertEventId: command.member.alertEventId,
            endpointId: window.endpointId,
            delivery,
          });
        }
      }
    }
    if (singles.length > 0 || messages.length > 0) await sends.send(tx, { singles, groups: messages });
    return state;
  };

  const decideInWindow = createWindowBatches<WindowRequest>(async (requests) => {
    const [first] = requests;
    if (first === undefined) return;
    await groups.change(first.window, async (raw, tx) => {
      const state = await decideAll(tx, first.window, raw, requests);
      return { state, dueAt: dueOf(state), result: undefined };
    });
  }, WINDOW_BATCH);

  return {
    /**
     * Routes a notify of `alertEventId` to `endpointId` through its group window. Answers false when
     * grouping leaves the event alone (the caller delivers as always), true when it was decided here.
     */
    async dispatch(
      alertEventId: string,
      endpointId: string,
      delivery: RoutedDelivery | null,
    ): Promise<boolean> {
      const event = await groups.eventOf(alertEventId);
      if (event === null) return false;
      // A flow repeats with its own repeat step: a rule-level repeat never re-runs it.
      const settings = {
        groupIntervalMs: event.groupIntervalMs,
        repeatIntervalMs: delivery === null ? 0 : event.repeatIntervalMs,
      };
      if (settings.groupIntervalMs === 0 && settings.repeatIntervalMs === 0) return false;
      const at = clock.now().getTime();
      const windowOf = (instance: GroupedInstance): GroupWindowRef => {
        const groupKey = groupKeyOf(instance.labels, event.groupBy);
        // A flow endpoint's window is per rule and group, as a chat's: its steps page through it.
        const lane = delivery === null ? 'chat' : delivery.lane;
        const subject = { ruleId: event.ruleId, endpointId, groupKey, lane };
        return { windowKey: groupWindowKey(subject), ruleId: event.ruleId, endpointId, groupKey };
      };
      if (event.change === 'acknowledged') {
        // Every instance of a window in one request: a storm's acknowledgement is one transaction.
        const byWindow = new Map<string, { window: GroupWindowRef; events: GroupEvent[] }>();
        for (const instance of event.instances) {
          const window = windowOf(instance);
          const entry = byWindow.get(window.windowKey) ?? { window, events: [] };
          entry.events.push({ type: 'acknowledged', instance: instance.instanceId, at });
          byWindow.set(window.windowKey, entry);
        }
        await Promise.all(
          [...byWindow.values()].map(({ window, events }) =>
            decideInWindow(window.windowKey, { window, events, settings, single: null }),
          ),
        );
        return false;
      }
      const change = event.change;
      const [instance] = event.instances;
      if (instance === undefined) return false;
      const window = windowOf(instance);
      const member: GroupMember = { instance: instance.instanceId, alertEventId };
      await decideInWindow(window.windowKey, {
        window,
        events: [{ type: change, member, at, settings }],
        settings,
        single: delivery ?? 'flow',
      });
      return true;
    },

    /** Flushes every window due now, batch by batch; answers how many it flushed. */
    async flushDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const at = clock.now();
        const flushed = await groups.flushDue(at, FLUSH_BATCH, async (window, raw, tx) => {
          const due = { events: [{ type: 'due', at: at.getTime() } as const], single: null };
          const state = await decideAll(tx, window, raw, [
            { ...due, settings: { groupIntervalMs: 0, repeatIntervalMs: 0 } },
          ]);
          return { state, dueAt: dueOf(state), result: undefined };
        });
        total += flushed;
        if (flushed < FLUSH_BATCH) return total;
      }
    },
  };
}

/**
 * Runs `decide` for one window's requests at a time, per window key: a request made while its
 * window's batch runs waits for it and goes with every other request made meanwhile (at most
 * `maxRequests`). Each caller's promise settles with its own batch.
 */
function createWindowBatches<Request>(
  decide: (requests: readonly Request[]) => Promise<void>,
  maxRequests: number,
): (windowKey: string, request: Request) => Promise<void> {
  const waiting = new Map<
    string,
    Array<{ request: Request; resolve: () => void; reject: (error: unknown) => void }>
  >();
  const drain = async (windowKey: string, queue: NonNullable<ReturnType<typeof waiting.get>>) => {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxRequests);
      try {
        await decide(batch.map((entry) => entry.request));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    waiting.delete(windowKey);
  };
  return (windowKey, request) =>
    new Promise<void>((resolve, reject) => {
      const queue = waiting.get(windowKey);
      if (queue !== undefined) {
        queue.push({ request, resolve, reject });
        return;
      }
      const fresh = [{ request, resolve, reject }];
      waiting.set(windowKey, fresh);
      void drain(windowKey, fresh);
    });
}

export type GroupedDispatch = ReturnType<typeof createGroupedDispatch>;

function carriedOf(member: GroupMember) {
  return { instanceId: member.instance, alertEventId: member.alertEventId };
}

// A window's row holds JSON null until its first event is decided.
function stateOf(raw: unknown, settings: GroupSettings): GroupState {
  return raw !== null && typeof raw === 'object' && 'settings' in raw
    ? (raw as GroupState)
    : initialGroupState(settings);
}

function dueOf(state: GroupState): Date | null {
  const due = nextDueAt(state);
  return due === null ? null : new Date(due);
}

/** How often a process with workers looks for due group windows. */
const GROUP_FLUSH_INTERVAL_MS = 1_000;

/** Flushes due windows every second, one flush at a time per process; others skip what it holds. */
export function startGroupFlushes(
  grouping: GroupedDispatch,
  onError: (error: unknown) => void,
): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    grouping
      .flushDue()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, GROUP_FLUSH_INTERVAL_MS);
  timer.unref();
  return timer;
}
