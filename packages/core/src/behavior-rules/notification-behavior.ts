import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import { type BehaviorFilter, matchesBehaviorFilters } from './behavior-filters';
import { activeUntil, type MaintenanceWindow } from './maintenance-window';
import { MatchBudgetExceeded, type MatchMeter } from './pattern-automaton';

/**
 * Most automaton steps the filters of all of an event's notification rules may take together
 * (about 0.1 s of matching): patterns are linear in the value, but a rule may hold 50 filters of
 * 1,000 characters and an alert rule many such rules. A rule whose filters are not decided within it
 * does not route, and the event's record names it (`undecided`).
 */
export const MAX_FILTER_STEPS_PER_EVENT = 4_000_000;

/**
 * The rule's behavior rules as the paging statement reads them with its targets (see
 * `BEHAVIORS_SQL`): what each does, its endpoints (less those whose owner silenced the rule), and
 * for a silent rule whether a rule it depends on is in its `triggerState` now.
 */
export interface PagingBehavior {
  readonly id: string;
  readonly kind: 'notification' | 'template' | 'silent';
  readonly filters: readonly BehaviorFilter[];
  readonly endpointIds: readonly string[];
  readonly silencing: boolean;
  /** A silent rule's maintenance window, which silences while in force. */
  readonly maintenance?: MaintenanceWindow | null;
}

/** What the rule's behavior rules did to one event's notifications, kept with the event in the history. */
export interface BehaviorRecord {
  /** The silent rules whose dependency was in their trigger state: nobody was notified. */
  readonly silencedBy?: readonly string[];
  /** Notification rules whose filters matched, and the endpoints they added. */
  readonly routed?: readonly { readonly behaviorRuleId: string; readonly endpointIds: readonly string[] }[];
  /** Template rules whose endpoints were notified: their message is rendered from the template. */
  readonly templated?: readonly {
    readonly behaviorRuleId: string;
    readonly endpointIds: readonly string[];
  }[];
  /** Notification rules whose filters could not be decided within the event's matching budget. */
  readonly undecided?: readonly string[];
}

/** The alert an event is about, as notification filters match it. */
export interface BehaviorAlert {
  readonly instance: string | null;
  readonly labels: Readonly<Record<string, string>> | null;
  readonly annotations: Readonly<Record<string, string>> | null;
}

/**
 * Who an event notifies once the rule's behavior rules have had their say: nobody while a silent
 * rule's dependency is in its trigger state or its maintenance window is in force; else the rule's own targets plus the endpoints of
 * every notification rule whose filters all match the alert (each endpoint once). Filters are
 * matched within `MAX_FILTER_STEPS_PER_EVENT` steps together; a rule they could not be decided for
 * adds nothing and is named in `undecided`. `record` is null when no behavior rule changed anything.
 */
export function applyPagingBehaviors(input: {
  readonly targets: readonly string[];
  readonly behaviors: readonly PagingBehavior[];
  readonly alert: BehaviorAlert | null;
  readonly ruleType: string;
  /** Maintenance windows are in force or not at this time (ms since the epoch). */
  readonly now: number;
}): { endpointIds: string[]; record: BehaviorRecord | null } {
  const { behaviors } = input;
  if (behaviors.length === 0) return { endpointIds: [...input.targets], record: null };
  const silencedBy = behaviors
    .filter(
      (b) =>
        b.kind === 'silent' &&
        (b.silencing || (b.maintenance ? activeUntil(b.maintenance, input.now) !== null : false)),
    )
    .map((b) => b.id);
  if (silencedBy.length > 0) return { endpointIds: [], record: { silencedBy } };
  const endpointIds = new Set(input.targets);
  const routed: { behaviorRuleId: string; endpointIds: string[] }[] = [];
  const undecided: string[] = [];
  const meter: MatchMeter = { steps: 0, limit: MAX_FILTER_STEPS_PER_EVENT };
  if (input.alert) {
    for (const behavior of behaviors) {
      if (behavior.kind !== 'notification' || behavior.endpointIds.length === 0) continue;
      if (!decides(behavior, input.alert, input.ruleType, meter, undecided)) continue;
      const added = behavior.endpointIds.filter((id) => !endpointIds.has(id));
      for (const id of added) endpointIds.add(id);
      routed.push({ behaviorRuleId: behavior.id, endpointIds: [...behavior.endpointIds] });
    }
  }
  const templated = behaviors
    .filter((b) => b.kind === 'template')
    .map((b) => ({ behaviorRuleId: b.id, endpointIds: b.endpointIds.filter((id) => endpointIds.has(id)) }))
    .filter((t) => t.endpointIds.length > 0);
  const record: BehaviorRecord = {
    ...(routed.length > 0 ? { routed } : {}),
    ...(templated.length > 0 ? { templated } : {}),
    ...(undecided.length > 0 ? { undecided } : {}),
  };
  return { endpointIds: [...endpointIds], record: Object.keys(record).length > 0 ? record : null };
}

/** Whether a notification rule's filters match; a rule the budget ran out on is added to `undecided`. */
function decides(
  behavior: PagingBehavior,
  alert: BehaviorAlert,
  ruleType: string,
  meter: MatchMeter,
  undecided: string[],
): boolean {
  try {
    return matchesBehaviorFilters(behavior.filters, alert, ruleType, meter);
  } catch (error) {
    if (!(error instanceof MatchBudgetExceeded)) throw error;
    undecided.push(behavior.id);
    return false;
  }
}

/**
 * The rule's behavior rules as `PagingBehavior`s, one `?` for the rule id. Read only for a rule
 * whose `has_behavior_rules` is set (the paging statements read that flag with the targets), so a
 * rule without behavior rules pays nothing for them, and one with some one indexed statement.
 */
const BEHAVIORS_SQL = `select coalesce(json_agg(json_build_object(
    'id', b.id,
    'kind', b.kind,
    'filters', coalesce(b.settings->'filters', '[]'::jsonb),
    'endpointIds', (select coalesce(json_agg(be.endpoint_id order by be.endpoint_id), '[]')
                      from alert_rule_behavior_endpoints be join endpoints e on e.id = be.endpoint_id
                     where be.behavior_rule_id = b.id
                       and not exists (select 1 from alert_rule_silences s
                                        where s.alert_rule_id = b.alert_rule_id and s.user_id = e.owner_id)),
    'maintenance', b.settings->'maintenance',
    'silencing', b.kind = 'silent' and exists (
        select 1 from alert_rule_behavior_dependencies d join alert_rules r on r.id = d.depends_on_rule_id
         where d.behavior_rule_id = b.id and r.state = b.settings->>'triggerState'))
    order by b.id), '[]')
  from alert_rule_behavior_rules b where b.alert_rule_id = ?`;

/** The column as the driver hands it back (json text on some drivers). */
function pagingBehaviorsOf(value: unknown): PagingBehavior[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as PagingBehavior[]) : [];
}

/**
 * One statement: a rule's behavior rules, its type, and (given an instance's fingerprint) the
 * instance's labels, which the filters of a notification rule match when the event's signal carries
 * none (a resolve).
 */
export async function readPagingBehaviors(
  tx: EntityManager,
  ruleId: string,
  fingerprint: string | null,
): Promise<{ behaviors: PagingBehavior[]; ruleType: string; labels: Record<string, string> | null }> {
  const [row] = await queryRows<{
    behaviors: unknown;
    rule_type: string | null;
    labels: Record<string, string> | string | null;
  }>(
    tx,
    `select (${BEHAVIORS_SQL}) as behaviors,
            (select type from alert_rules where id = ?) as rule_type,
            (select labels from alert_instances where rule_id = ? and fingerprint = ?) as labels`,
    [ruleId, ruleId, ruleId, fingerprint],
  );
  const labels =
    typeof row?.labels === 'string' ? (JSON.parse(row.labels) as Record<string, string>) : row?.labels;
  return {
    behaviors: pagingBehaviorsOf(row?.behaviors),
    ruleType: row?.rule_type ?? '',
    labels: labels ?? null,
  };
}
