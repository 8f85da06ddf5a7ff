import type { EntityManager } from '@mikro-orm/core';
import type { Clock, GroupedInstance, GroupWindowRef, GroupWindowStore } from '@oncall/core';
import {
  type CarriedInstances,
  type DeliveryInput,
  type DeliveryLane,
  decideGroup,
  type GroupCommand,
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
 * workflows.
 */
export interface GroupSends {
  /**
   * An instance's own page: the routed delivery, under the event's own delivery key; or, for a flow
   * endpoint (`delivery` null), the notify again, marked decided, so it starts the event's flow (or
   * sends its follow-up) as without grouping.
   */
  single(
    tx: EntityManager,
    request: { alertEventId: string; endpointId: string; delivery: RoutedDelivery | null },
  ): Promise<void>;
  /** A group or repeat message, routed when it runs (no route is read under the window's lock). */
  group(tx: EntityManager, message: GroupMessage): Promise<void>;
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

/** Group windows flushed by one call at most; the loop calls again while it finds more. */
const FLUSH_BATCH = 100;

/**
 * Grouped notifications on the embedded driver (docs/grouping.md). A notify of an opening or a
 * resolve of a rule that groups goes through its window's `decideGroup` under the window's row lock;
 * what the decider sends is queued as a lane job in that same transaction (a `single` under the
 * event's own delivery key, a group under `group:<window>:<flushAt>`), so a crash after the commit
 * loses nothing and a replayed dispatch finds the event already carried. Due windows are flushed by
 * `flushDue`, claimed with `for update skip locked`. An acknowledgement only takes its instances out
 * of their windows' repeats; its own message goes as before.
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

  const execute = async (
    tx: EntityManager,
    window: GroupWindowRef,
    commands: readonly GroupCommand[],
    single: RoutedDelivery | 'flow' | null,
  ) => {
    for (const command of commands) {
      if (command.type === 'single') {
        if (single === null) continue;
        const { alertEventId } = command.member;
        const delivery = single === 'flow' ? null : single;
        await sends.single(tx, { alertEventId, endpointId: window.endpointId, delivery });
        continue;
      }
      const message = groupMessage(window, command);
      if (message !== null) await sends.group(tx, message);
    }
  };

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
        for (const instance of event.instances) {
          await groups.change(windowOf(instance), async (raw) => {
            const state = stateOf(raw, settings);
            const decision = decideGroup(state, { type: 'acknowledged', instance: instance.instanceId, at });
            return { state: decision.state, dueAt: dueOf(decision.state), result: undefined };
          });
        }
        return false;
      }
      const change = event.change;
      const [instance] = event.instances;
      if (instance === undefined) return false;
      const window = windowOf(instance);
      const member: GroupMember = { instance: instance.instanceId, alertEventId };
      await groups.change(window, async (raw, tx) => {
        const state = stateOf(raw, settings);
        const decision = decideGroup(state, { type: change, member, at, settings });
        await execute(tx, window, decision.commands, delivery ?? 'flow');
        return { state: decision.state, dueAt: dueOf(decision.state), result: undefined };
      });
      return true;
    },

    /** Flushes every window due now, batch by batch; answers how many it flushed. */
    async flushDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const at = clock.now();
        const flushed = await groups.flushDue(at, FLUSH_BATCH, async (window, raw, tx) => {
          const state = stateOf(raw, { groupIntervalMs: 0, repeatIntervalMs: 0 });
          const decision = decideGroup(state, { type: 'due', at: at.getTime() });
          await execute(tx, window, decision.commands, null);
          return { state: decision.state, dueAt: dueOf(decision.state), result: undefined };
        });
        total += flushed;
        if (flushed < FLUSH_BATCH) return total;
      }
    },
  };
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
