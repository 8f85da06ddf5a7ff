import type { EntityManager } from '@mikro-orm/core';
import {
  applyPagingBehaviors,
  type BehaviorAlert,
  readPagingBehaviors,
} from '../behavior-rules/notification-behavior';
import { pagingBehaviorRows, recordNotificationBehaviors } from '../behavior-rules/notification-behavior-log';
import { type AlertState, newId } from '../entities/index';
import type { FreshEventFacts } from '../notifications/fresh-event-facts';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import { ALERT_EVENT_COLUMNS, alertEventValues, jsonColumn } from './alert-event-values';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { notifyEndpoints } from './notify-endpoints';
import { NOTIFY_TARGETS_SQL } from './notify-targets';
import { rememberOpening } from './remember-opening';
import { syncRuleState } from './rule-state-sync';
import { isFiring, stateRank, statesAtLeast } from './state-rank';
import { stopEpisodeEscalations } from './stop-episode-escalations';

interface LockedInstance {
  id: string;
  state: AlertState;
  episode_id: string;
  acknowledged_at: Date | string | null;
  expires_at: Date | string | null;
}

export interface SignalDeps {
  orchestrator: Orchestrator;
  clock: Clock;
  /**
   * Where an opening that pages leaves its message facts for this process's own dispatch right
   * after commit, which then sends without reading the event back; absent, the send reads it.
   */
  freshEvents?: FreshEventFacts;
}

/** What the common opening's one statement found; `rule` is set when it recorded the event. */
interface RecordedOpening {
  created: boolean;
  targets: string[] | null;
  hasBehaviors: boolean;
  rule: { state: AlertState; name: string; type: string; showAcknowledgeBtn: boolean } | null;
}

/** What of the rule shapes a signal beyond the instance: `api` rules may resolve idle instances. */
export interface SignalRule {
  /** Minutes without a fire after which a firing instance resolves itself; null: never. */
  autoResolveMinutes: number | null;
}

const NO_AUTO_RESOLVE: SignalRule = { autoResolveMinutes: null };

/**
 * Applies one signal to one instance of a rule inside the caller's transaction: the instance row is
 * locked (or created), the change becomes a history event, the rule's state follows, and the pages
 * it causes are queued in the same transaction. Concurrent signals for one instance serialise on
 * its row, so exactly one of them opens an episode and pages; the others see it firing. Every fire
 * of a rule that auto-resolves arms (or moves) the instance's timer in the same transaction.
 */
export async function applySignal(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
  rule: SignalRule = NO_AUTO_RESOLVE,
): Promise<SignalOutcome> {
  if (signal.state === 'triggered') return trigger(tx, deps, ruleId, signal);
  const now = deps.clock.now();
  // A fire tries to create its instance first: a new instance then costs one statement, not a look
  // and an insert. A conflict waits for the existing row, which the lock below then reads.
  if (isFiring(signal.state)) {
    const opened = await openNewInstance(tx, deps, ruleId, signal, rule, now);
    if (opened) return opened;
  }
  const current = await lockInstance(tx, ruleId, signal.fingerprint);
  if (!current) return { type: 'unknownInstance' };

  if (!isFiring(signal.state)) {
    if (!isFiring(current.state)) return { type: 'alreadyResolved' };
    await runStatement(
      tx,
      `update alert_instances set state = 'resolved', resolved_at = ?, last_seen_at = ?,
              description = coalesce(?, description)
        where id = ?`,
      [now, now, signal.description ?? null, current.id],
    );
    const eventId = await recordEvent(tx, deps.clock.now(), ruleId, current.id, current.episode_id, signal, {
      worsened: false,
    });
    await notifyAll(tx, deps, ruleId, eventId, signal);
    await stopEpisodeEscalations(tx, deps.orchestrator, [current.episode_id], 'resolved');
    return { type: 'resolved', eventId };
  }

  if (!isFiring(current.state)) {
    const eventId = newId();
    await runStatement(
      tx,
      `update alert_instances
          set state = ?, episode_id = ?, fired_at = ?, last_seen_at = ?, expires_at = ?, resolved_at = null,
              acknowledged_at = null, acknowledged_by_id = null, alertname = ?,
              description = ?, summary = ?, labels = ?, details = ?
        where id = ?`,
      [
        signal.state,
        eventId,
        now,
        now,
        signal.expiresAt ?? null,
        signal.alertname,
        signal.description ?? null,
        signal.summary ?? null,
        jsonColumn(signal.labels),
        jsonColumn(signal.details),
        current.id,
      ],
    );
    await armAutoResolve(tx, deps, ruleId, rule, signal, { episodeId: eventId, opened: true, firedAt: now });
    return open(tx, deps, ruleId, signal, current.id, eventId);
  }

  if (current.state === signal.state) {
    await runStatement(
      tx,
      'update alert_instances set last_seen_at = ?, expires_at = ?, description = coalesce(?, description) where id = ?',
      [now, signal.expiresAt ?? null, signal.description ?? null, current.id],
    );
    await armAutoResolve(tx, deps, ruleId, rule, signal, {
      episodeId: current.episode_id,
      opened: startsExpiring(current, signal),
      firedAt: now,
    });
    return { type: 'repeated' };
  }

  await runStatement(
    tx,
    'update alert_instances set state = ?, last_seen_at = ?, expires_at = ? where id = ?',
    [signal.state, now, signal.expiresAt ?? null, current.id],
  );
  await armAutoResolve(tx, deps, ruleId, rule, signal, {
    episodeId: current.episode_id,
    opened: startsExpiring(current, signal),
    firedAt: now,
  });
  const eventId = await recordEvent(tx, deps.clock.now(), ruleId, current.id, current.episode_id, signal, {
    worsened: stateRank(signal.state) > stateRank(current.state),
  });
  // Getting worse pages again unless someone already acknowledged the episode; getting better does not.
  if (stateRank(signal.state) > stateRank(current.state) && !current.acknowledged_at) {
    await notifyAll(tx, deps, ruleId, eventId, signal);
  }
  return { type: 'changed', eventId };
}

/** Creates the instance and opens its first episode; null when the instance already exists. */
async function openNewInstance(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
  rule: SignalRule,
  now: Date,
): Promise<SignalOutcome | null> {
  const instanceId = newId();
  const eventId = newId();
  const opening = await recordOpening(tx, now, ruleId, instanceId, eventId, signal, { insertInstance: true });
  if (!opening.created) return null;
  await armAutoResolve(tx, deps, ruleId, rule, signal, { episodeId: eventId, opened: true, firedAt: now });
  return pageOpening(tx, deps, now, ruleId, signal, instanceId, eventId, opening);
}

/** Opens a new episode of an instance already updated to fire again. */
async function open(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
  instanceId: string,
  eventId: string,
): Promise<SignalOutcome> {
  const at = deps.clock.now();
  const opening = await recordOpening(tx, at, ruleId, instanceId, eventId, signal, { insertInstance: false });
  return pageOpening(tx, deps, at, ruleId, signal, instanceId, eventId, opening);
}

/**
 * Pages an opening's targets (as the rule's behavior rules have them); `targets` null means its
 * event is not recorded yet because the rule must get worse, which the exclusive path then does.
 */
async function pageOpening(
  tx: EntityManager,
  deps: SignalDeps,
  at: Date,
  ruleId: string,
  signal: AlertSignal,
  instanceId: string,
  eventId: string,
  opening: RecordedOpening,
): Promise<SignalOutcome> {
  if (opening.targets) {
    if (opening.rule && opening.targets.length > 0) {
      rememberOpening(deps.freshEvents, {
        eventId,
        ruleId,
        signal,
        at,
        rule: opening.rule,
        hasBehaviors: opening.hasBehaviors,
      });
    }
    await pageWithBehaviors(tx, deps, ruleId, eventId, opening.targets, opening.hasBehaviors, signal);
    return { type: 'opened', eventId };
  }
  await recordEvent(tx, at, ruleId, instanceId, eventId, signal, { worsened: true, eventId });
  await notifyAll(tx, deps, ruleId, eventId, signal);
  return { type: 'opened', eventId };
}

/**
 * The common opening, in one statement: (optionally) the instance is inserted, unless it exists;
 * the rule is already at least as bad as the new episode, so its state stands (share-locked, as
 * `syncRuleState` would, skipping a rule whose state is being changed); the event is recorded with
 * it; and the endpoints to page are read.
 * `created` false: the instance existed, nothing was written. `targets` null: the rule must get
 * worse, the event is not recorded, and the caller takes the exclusive path.
 */
async function recordOpening(
  tx: EntityManager,
  at: Date,
  ruleId: string,
  instanceId: string,
  eventId: string,
  signal: AlertSignal,
  { insertInstance }: { insertInstance: boolean },
): Promise<RecordedOpening> {
  const asBad = statesAtLeast(signal.state);
  const values = alertEventValues(eventId, ruleId, instanceId, eventId, signal, at);
  const instance = insertInstance
    ? {
        sql: `insert into alert_instances
                (id, rule_id, fingerprint, alertname, instance, state, description, summary, labels, details,
                 episode_id, fired_at, last_seen_at, expires_at)
              values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              on conflict (rule_id, fingerprint) do nothing
              returning id`,
        params: [
          instanceId,
          ruleId,
          signal.fingerprint,
          signal.alertname,
          signal.instance,
          signal.state,
          signal.description ?? null,
          signal.summary ?? null,
          jsonColumn(signal.labels),
          jsonColumn(signal.details),
          eventId,
          at,
          at,
          signal.expiresAt ?? null,
        ],
      }
    : { sql: 'select ?::uuid as id', params: [instanceId] };
  const [row] = await queryRows<{
    created: number;
    recorded: number;
    rule_state: AlertState | null;
    targets: string[] | string | null;
    has_behaviors: boolean | null;
    rule_name: string | null;
    rule_type: string | null;
    show_acknowledge_btn: boolean | null;
  }>(
    tx,
    `with created as (${instance.sql}),
     standing as (
       select state from alert_rules where id = ? and state in (?) and exists (select 1 from created) for share skip locked),
     recorded as (
       insert into alert_events (${ALERT_EVENT_COLUMNS})
       -- Typed here: a SELECT gives its parameters no column to take a type from.
       select ?::uuid, ?::uuid, ?::uuid, ?::uuid, ?::text, ?::text, standing.state, ?::text, ?::text, ?::text,
              ?::uuid, ?::jsonb, ?::timestamptz
         from standing
       returning id, rule_state)
     select (select count(*) from created)::int as created,
            (select count(*) from recorded)::int as recorded,
            (select rule_state from recorded) as rule_state,
            case when exists (select 1 from recorded)
                 then coalesce((select json_agg(t.id) from (${NOTIFY_TARGETS_SQL}) as t), '[]') end as targets,
            r.has_behavior_rules as has_behaviors, r.name as rule_name, r.type as rule_type,
            r.show_acknowledge_btn
       from (select 1) as one left join alert_rules r on r.id = ?`,
    [...instance.params, ruleId, asBad, ...values.beforeRuleState, ...values.afterRuleState, ruleId, ruleId],
  );
  if (!row || row.created === 0) return { created: false, targets: null, hasBehaviors: false, rule: null };
  const hasBehaviors = row.has_behaviors === true;
  if (row.recorded === 0 || row.targets === null)
    return { created: true, targets: null, hasBehaviors, rule: null };
  const rule =
    row.rule_state === null || row.rule_name === null || row.rule_type === null
      ? null
      : {
          state: row.rule_state,
          name: row.rule_name,
          type: row.rule_type,
          showAcknowledgeBtn: row.show_acknowledge_btn === true,
        };
  return { created: true, targets: jsonArray(row.targets), hasBehaviors, rule };
}

/**
 * `firedAt` is the `last_seen_at` just written: the engine's resolve compares against it. A signal
 * that expires is armed as a timer of zero minutes counted from its expiry (the `expires_at` just
 * written), so the engine's durable timers, which count `autoResolveMinutes` from a time, wait
 * exactly until it; the instance's expiry then wins over its rule's minutes.
 */
async function armAutoResolve(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  rule: SignalRule,
  signal: AlertSignal,
  fire: { episodeId: string; opened: boolean; firedAt: Date },
): Promise<void> {
  if (signal.expiresAt) {
    await deps.orchestrator.armAutoResolve(tx, {
      ruleId,
      fingerprint: signal.fingerprint,
      ...fire,
      autoResolveMinutes: 0,
      firedAt: signal.expiresAt,
    });
    return;
  }
  if (rule.autoResolveMinutes === null) return;
  await deps.orchestrator.armAutoResolve(tx, {
    ruleId,
    fingerprint: signal.fingerprint,
    autoResolveMinutes: rule.autoResolveMinutes,
    ...fire,
  });
}

/**
 * Whether a fire gives a firing instance an expiry it did not have (an alert Alertmanager relayed,
 * now posted by Prometheus directly): its timer must start then, as for an opening, since a driver
 * that reads the instance when its timer runs out has none running for the episode.
 */
function startsExpiring(current: LockedInstance, signal: AlertSignal): boolean {
  return current.expires_at === null && Boolean(signal.expiresAt);
}

/** Notification rules keep no instances: every triggered event is its own page. */
async function trigger(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
): Promise<SignalOutcome> {
  await runStatement(
    tx,
    "update alert_rules set state = 'triggered', updated_at = now() where id = ? and state <> 'triggered'",
    [ruleId],
  );
  const eventId = newId();
  await insertEvent(tx, eventId, ruleId, null, null, signal, 'triggered', deps.clock.now());
  await notifyAll(tx, deps, ruleId, eventId, signal);
  return { type: 'triggered', eventId };
}

async function recordEvent(
  tx: EntityManager,
  at: Date,
  ruleId: string,
  instanceId: string,
  episodeId: string,
  signal: AlertSignal,
  change: { worsened: boolean; eventId?: string },
): Promise<string> {
  const eventId = change.eventId ?? newId();
  const ruleState = await syncRuleState(tx, ruleId, change.worsened ? signal.state : undefined);
  await insertEvent(tx, eventId, ruleId, instanceId, episodeId, signal, ruleState, at);
  return eventId;
}

async function insertEvent(
  tx: EntityManager,
  eventId: string,
  ruleId: string,
  instanceId: string | null,
  episodeId: string | null,
  signal: AlertSignal,
  ruleState: AlertState,
  at: Date,
): Promise<void> {
  const values = alertEventValues(eventId, ruleId, instanceId, episodeId, signal, at);
  await runStatement(
    tx,
    `insert into alert_events (${ALERT_EVENT_COLUMNS})
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [...values.beforeRuleState, ruleState, ...values.afterRuleState],
  );
}

/**
 * Pages the rule's targets about an event, as its behavior rules have them (silenced, routed to
 * more endpoints): one statement reads the targets and whether the rule has behavior rules.
 */
async function notifyAll(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  alertEventId: string,
  signal: AlertSignal,
): Promise<void> {
  const [row] = await queryRows<{ targets: string[] | string; has_behaviors: boolean | null }>(
    tx,
    `select coalesce((select json_agg(t.id) from (${NOTIFY_TARGETS_SQL}) as t), '[]') as targets,
            (select has_behavior_rules from alert_rules where id = ?) as has_behaviors`,
    [ruleId, ruleId],
  );
  const targets = row ? jsonArray(row.targets) : [];
  await pageWithBehaviors(tx, deps, ruleId, alertEventId, targets, row?.has_behaviors === true, signal);
}

/**
 * Queues the pages of an event once its rule's behavior rules have had their say, and records what
 * they did. A rule without behavior rules (the flag read with its targets) costs no statement here;
 * one with some, the one that reads them.
 */
async function pageWithBehaviors(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  alertEventId: string,
  targets: readonly string[],
  hasBehaviors: boolean,
  signal: AlertSignal,
): Promise<void> {
  let endpointIds = [...targets];
  if (hasBehaviors) {
    const read = await readPagingBehaviors(tx, ruleId, signal.labels ? null : signal.fingerprint);
    const alert = alertOf(signal);
    const applied = applyPagingBehaviors({
      targets,
      behaviors: read.behaviors,
      alert: { ...alert, labels: alert.labels ?? read.labels },
      ruleType: read.ruleType,
      now: deps.clock.now().getTime(),
    });
    endpointIds = applied.endpointIds;
    if (applied.record) {
      await runStatement(
        tx,
        `update alert_events set payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('behavior', ?::jsonb)
          where id = ?`,
        [JSON.stringify(applied.record), alertEventId],
      );
      await recordNotificationBehaviors(tx, pagingBehaviorRows(alertEventId, targets, applied.record));
    }
  }
  await notifyEndpoints(
    tx,
    deps.orchestrator,
    endpointIds.map((endpointId) => ({ alertEventId, endpointId })),
  );
}

/** The alert a signal is about, as behavior filters see it. */
function alertOf(signal: AlertSignal): BehaviorAlert {
  const annotations = signal.payload?.annotations;
  return {
    instance: signal.instance,
    labels: signal.labels ?? null,
    annotations:
      typeof annotations === 'object' && annotations !== null
        ? (annotations as Record<string, string>)
        : null,
  };
}

function jsonArray(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}

async function lockInstance(
  tx: EntityManager,
  ruleId: string,
  fingerprint: string,
): Promise<LockedInstance | null> {
  const [row] = await queryRows<LockedInstance>(
    tx,
    `select id, state, episode_id, acknowledged_at, expires_at from alert_instances
      where rule_id = ? and fingerprint = ? for update`,
    [ruleId, fingerprint],
  );
  return row ?? null;
}
