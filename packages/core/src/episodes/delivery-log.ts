import type { EntityManager } from '@mikro-orm/core';
import { scheduleUsableBy } from '../alert-rules/usable-schedule';
import type { Actor } from '../auth/actor';
import type {
  DeliveryAttemptOutcome,
  DeliveryCarried,
  DeliveryRecipient,
} from '../entities/delivery-attempt.entity';
import type { AlertEventKind } from '../entities/index';
import type { NotificationBehaviorEffect } from '../entities/notification-behavior.entity';
import { DIRECT_PROVIDER } from '../notifications/direct-provider';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { queryRows } from '../persistence/query-rows';
import { type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';

/** The endpoint a log entry is about; `name` and `channel` are null once it is deleted. */
export interface DeliveryLogEndpoint {
  id: string;
  name: string | null;
  /** The endpoint's type (sms, call, email, telegram, …), which names its channel. */
  channel: string | null;
}

/** What every entry says: which event of the rule, to which endpoint, when. */
interface DeliveryLogEntryBase {
  /** The attempt's id, or `<alertEventId>:<endpointId>:<effect>` for a behavior. */
  id: string;
  alertEventId: string;
  eventKind: AlertEventKind;
  /** Null for rule-level events (acknowledgements, tests). */
  episodeId: string | null;
  endpoint: DeliveryLogEndpoint;
  createdAt: string;
}

/** One send attempt of the delivery log. */
export interface DeliveryAttemptLogEntry extends DeliveryLogEntryBase {
  type: 'attempt';
  /** The provider config used (id and name only); null for channels that talk to their service directly. */
  providerConfig: { id: string; name: string | null } | null;
  /** Counted per provider config: the backup's first attempt is 1 again. */
  attempt: number;
  outcome: DeliveryAttemptOutcome;
  error: string | null;
  latencyMs: number | null;
  retryAfterMs: number | null;
  /** The attempt went through another provider config than the delivery's first (the backup). */
  fallback: boolean;
  /**
   * Whom a flow's people step paged through the endpoint, and why, with the person's and the
   * schedule's names now (null once deleted); null for an endpoint named directly.
   */
  recipient: (DeliveryRecipient & { name: string | null; scheduleName: string | null }) | null;
  /**
   * A grouped message (docs/grouping.md): the instances it carried, each with its name now (null once
   * pruned); null for one instance's page.
   */
  carried: { firing: CarriedEntry[]; resolved: CarriedEntry[] } | null;
}

/** One instance a grouped message carried, and the event (opening or resolve) it stood for. */
export interface CarriedEntry {
  instanceId: string;
  alertEventId: string | null;
  instance: string | null;
}

/** What a behavior rule did to the notification of an event to an endpoint. */
export interface NotificationBehaviorLogEntry extends DeliveryLogEntryBase {
  type: 'behavior';
  effect: NotificationBehaviorEffect;
  behaviorRuleId: string;
  /** Why a template fell back to the default message. */
  error: string | null;
}

/**
 * A page every provider config of its endpoint failed, after its last attempt: the delivery gave
 * up, and the rule's owner was paged through `toldEndpointIds` instead (none: they have no other).
 */
export interface UndeliverablePageLogEntry extends DeliveryLogEntryBase {
  type: 'undeliverable';
  toldEndpointIds: string[];
}

export type DeliveryLogEntry =
  | DeliveryAttemptLogEntry
  | NotificationBehaviorLogEntry
  | UndeliverablePageLogEntry;

export interface DeliveryLogScope {
  ruleId: string;
  /** Only this episode: its events, and the acknowledgements that name it. */
  episodeId?: string;
}

interface LogRow {
  type: 'attempt' | 'behavior' | 'undeliverable';
  id: string;
  alert_event_id: string;
  event_kind: AlertEventKind;
  episode_id: string | null;
  endpoint_id: string;
  endpoint_name: string | null;
  channel: string | null;
  provider_config_id: string | null;
  provider_config_name: string | null;
  attempt: number | null;
  outcome: DeliveryAttemptOutcome | null;
  effect: NotificationBehaviorEffect | null;
  behavior_rule_id: string | null;
  error: string | null;
  latency_ms: number | null;
  retry_after_ms: number | null;
  fallback: boolean | null;
  told_endpoint_ids: string[] | string | null;
  recipient: DeliveryRecipient | string | null;
  recipient_name: string | null;
  recipient_schedule_name: string | null;
  carried: DeliveryCarried | string | null;
  created_at: Date | string;
}

/**
 * The events in scope, then their attempts and behaviors as one list. A delivery is the attempts of
 * one idempotency base (`notify:<event>:<endpoint>[:<step>]`, the key without `:<config>:<attempt>`),
 * so a fallback is an attempt whose config differs from its delivery's first.
 */
const logEntries = (ruleId: string, episodeId: string | null): SqlFragment => sql`
  with events as (
    select e.id, e.kind, e.episode_id from alert_events e
     where e.rule_id = ${ruleId}
       and (${episodeId}::uuid is null or e.episode_id = ${episodeId}::uuid
            or (e.kind = 'acknowledged' and e.payload -> 'episodeIds' @> jsonb_build_array(${episodeId}::text)))
  ), attempts as (
    select d.*, ev.kind as event_kind, ev.episode_id,
           d.provider_config_id <> first_value(d.provider_config_id) over (
             partition by regexp_replace(d.idempotency_key, ':[^:]*:[^:]*$', '')
             order by d.created_at, d.attempt, d.id) as fallback
      from delivery_attempts d join events ev on d.alert_event_id = ev.id::text
  ), entries as (
    select 'attempt' as type, a.id::text as id, a.alert_event_id, a.event_kind, a.episode_id,
           a.endpoint_id, a.provider_config_id, a.attempt, a.outcome, null as effect,
           null::uuid as behavior_rule_id, a.error, a.latency_ms, a.retry_after_ms, a.fallback,
           null::jsonb as told_endpoint_ids, a.recipient, a.carried, a.created_at
      from attempts a
    union all
    select 'behavior', b.alert_event_id::text || ':' || b.endpoint_id::text || ':' || b.effect,
           b.alert_event_id::text, ev.kind, ev.episode_id, b.endpoint_id::text, null, null, null, b.effect,
           b.behavior_rule_id, b.error, null, null, null, null, null, null, b.created_at
      from notification_behaviors b join events ev on b.alert_event_id = ev.id
    union all
    select 'undeliverable', u.alert_event_id || ':' || u.endpoint_id || ':undeliverable',
           u.alert_event_id, ev.kind, ev.episode_id, u.endpoint_id, null, null, null, null, null, null,
           null, null, null, u.told_endpoint_ids, null, null, u.created_at
      from undeliverable_pages u join events ev on u.alert_event_id = ev.id::text
  )`;

/**
 * The delivery log of a rule or of one of its episodes, newest first; the caller checks access to
 * the rule. The schedule a person was paged through is named only to a `viewer` who may use it
 * (`scheduleUsableBy`), as a rule's schedule targets are.
 */
export async function deliveryLog(
  em: EntityManager,
  scope: DeliveryLogScope,
  query: PageQuery,
  viewer: Pick<Actor, 'userId' | 'role'>,
): Promise<Page<DeliveryLogEntry>> {
  const entries = logEntries(scope.ruleId, scope.episodeId ?? null);
  const [counted] = await selectRows<{ total: string | number }>(
    em,
    sql`${entries} select count(*) as total from entries`,
  );
  const rows = await selectRows<LogRow>(
    em,
    sql`${entries}
     select x.*, en.name as endpoint_name, en.type as channel, p.name as provider_config_name,
            ru.name as recipient_name,
            case when ${scheduleUsableBy(viewer)} then s.name end as recipient_schedule_name
       from entries x
       left join endpoints en on en.id::text = x.endpoint_id
       left join provider_configs p on p.id::text = x.provider_config_id
       left join users ru on ru.id::text = x.recipient ->> 'userId'
       left join schedules s on s.id::text = x.recipient ->> 'scheduleId'
       left join teams t on t.id = s.team_id
      order by x.created_at desc, x.id desc
      limit ${query.perPage} offset ${pageOffset(query)}`,
  );
  const names = await instanceNames(em, rows.map(carriedOf));
  return {
    items: rows.map((row) => entryOf(row, names)),
    total: Number(counted?.total ?? 0),
    page: query.page,
    perPage: query.perPage,
  };
}

function carriedOf(row: LogRow): DeliveryCarried | null {
  return typeof row.carried === 'string' ? (JSON.parse(row.carried) as DeliveryCarried) : row.carried;
}

// The instances the page's grouped messages carried, by id: one statement for the page.
async function instanceNames(
  em: EntityManager,
  carried: ReadonlyArray<DeliveryCarried | null>,
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(carried.flatMap((c) => (c ? [...c.firing, ...c.resolved].map((m) => m.instanceId) : []))),
  ];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; instance: string }>(
    em,
    `select id::text as id, instance from alert_instances where id::text in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((row) => [row.id, row.instance]));
}

function entryOf(row: LogRow, names: ReadonlyMap<string, string>): DeliveryLogEntry {
  const base: DeliveryLogEntryBase = {
    id: row.id,
    alertEventId: row.alert_event_id,
    eventKind: row.event_kind,
    episodeId: row.episode_id,
    endpoint: { id: row.endpoint_id, name: row.endpoint_name, channel: row.channel },
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (row.type === 'undeliverable') {
    const told =
      typeof row.told_endpoint_ids === 'string' ? JSON.parse(row.told_endpoint_ids) : row.told_endpoint_ids;
    return {
      ...base,
      type: 'undeliverable',
      toldEndpointIds: Array.isArray(told) ? told.filter((id): id is string => typeof id === 'string') : [],
    };
  }
  if (row.type === 'behavior') {
    return {
      ...base,
      type: 'behavior',
      effect: row.effect ?? 'silenced',
      behaviorRuleId: row.behavior_rule_id ?? '',
      error: row.error,
    };
  }
  return {
    ...base,
    type: 'attempt',
    // Direct channels log the `direct` pseudo config; a deleted config keeps its id, without a name.
    providerConfig:
      row.provider_config_id === null || row.provider_config_id === DIRECT_PROVIDER
        ? null
        : { id: row.provider_config_id, name: row.provider_config_name },
    attempt: row.attempt ?? 1,
    outcome: row.outcome ?? 'transient',
    error: row.error,
    latencyMs: row.latency_ms,
    retryAfterMs: row.retry_after_ms,
    fallback: row.fallback === true,
    recipient: recipientOf(row),
    carried: carriedEntries(carriedOf(row), names),
  };
}

function carriedEntries(
  carried: DeliveryCarried | null,
  names: ReadonlyMap<string, string>,
): DeliveryAttemptLogEntry['carried'] {
  if (carried === null) return null;
  const named = (members: DeliveryCarried['firing']) =>
    members.map(({ instanceId, alertEventId }) => ({
      instanceId,
      alertEventId,
      instance: names.get(instanceId) ?? null,
    }));
  return { firing: named(carried.firing), resolved: named(carried.resolved) };
}

function recipientOf(row: LogRow): DeliveryAttemptLogEntry['recipient'] {
  const recipient =
    typeof row.recipient === 'string' ? (JSON.parse(row.recipient) as DeliveryRecipient) : row.recipient;
  if (recipient === null) return null;
  return { ...recipient, name: row.recipient_name, scheduleName: row.recipient_schedule_name };
}
