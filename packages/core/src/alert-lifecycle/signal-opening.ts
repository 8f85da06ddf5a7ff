import type { EntityManager } from '@mikro-orm/core';
import { type AlertState, newId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import { ALERT_EVENT_COLUMNS, alertEventValues, jsonColumn } from './alert-event-values';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { NOTIFY_TARGETS_SQL } from './notify-targets';
import { rememberOpening } from './remember-opening';
import { armAutoResolve } from './signal-auto-resolve';
import type { SignalDeps, SignalRule } from './signal-deps';
import { notifyAll, pageWithBehaviors, targetIdsOf } from './signal-paging';
import { recordEvent } from './signal-recording';
import { statesAtLeast } from './state-rank';

/** What the common opening's one statement found; `rule` is set when it recorded the event. */
interface RecordedOpening {
  created: boolean;
  targets: string[] | null;
  hasBehaviors: boolean;
  rule: { state: AlertState; name: string; type: string; showAcknowledgeBtn: boolean } | null;
}

/** Creates the instance and opens its first episode; null when the instance already exists. */
export async function openNewInstance(
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

/** Opens a new episode of a resolved instance that fires again (its row locked by the caller). */
export async function reopen(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
  rule: SignalRule,
  instanceId: string,
  now: Date,
): Promise<SignalOutcome> {
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
      instanceId,
    ],
  );
  await armAutoResolve(tx, deps, ruleId, rule, signal, { episodeId: eventId, opened: true, firedAt: now });
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
  return { created: true, targets: targetIdsOf(row.targets), hasBehaviors, rule };
}
