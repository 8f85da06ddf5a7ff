import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { AlertEventKind } from '../entities/alert-event.entity';
import type { AlertState } from '../entities/alert-rule.entity';
import { isId } from '../entities/new-id';
import { joinSql, type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';
import { type ReportFilter, reportedRules, withinRange } from './report-filter';
import { isoOf, olderThan, type Slice, type SliceQuery, sliceOf, slicesByParent } from './report-slice';

/** One history event; the payload stays on REST's history route. */
export interface HistoryEventView {
  id: string;
  ruleId: string;
  instanceId: string | null;
  episodeId: string | null;
  kind: AlertEventKind;
  /** The instance's state after the event; null for rule-level events. */
  state: AlertState | null;
  ruleState: AlertState;
  alertname: string | null;
  instance: string | null;
  description: string | null;
  actorId: string | null;
  createdAt: string;
}

export interface HistoryEventFilter extends ReportFilter {
  kinds?: AlertEventKind[];
  states?: AlertState[];
}

interface EventRow extends Omit<HistoryEventView, 'createdAt'> {
  createdAt: unknown;
  parentId: string;
  /** The row's place in its parent's window, where there is one. */
  n?: unknown;
}

const EVENT_COLUMNS = sql`e.id, e.rule_id as "ruleId", e.instance_id as "instanceId", e.episode_id as "episodeId",
  e.kind, e.state, e.rule_state as "ruleState", e.alertname, e.instance, e.description,
  e.actor_id as "actorId", e.created_at as "createdAt"`;

function eventCondition(actor: Actor, filter: HistoryEventFilter): SqlFragment {
  const parts = [reportedRules(actor, filter), withinRange(sql`e.created_at`, filter)];
  if (filter.kinds?.length) parts.push(sql`e.kind in (${filter.kinds})`);
  if (filter.states?.length) parts.push(sql`e.state in (${filter.states})`);
  return joinSql(parts, ' and ');
}

/** History events on the reported rules in the range, newest first. */
export async function listEvents(
  em: EntityManager,
  actor: Actor,
  filter: HistoryEventFilter,
  slice: SliceQuery,
): Promise<Slice<HistoryEventView>> {
  const rows = await selectRows<EventRow>(
    em,
    sql`select ${EVENT_COLUMNS}, e.rule_id as "parentId"
          from alert_events e join alert_rules r on r.id = e.rule_id
         where ${eventCondition(actor, filter)} and ${olderThan(sql`e.created_at`, sql`e.id`, slice.after)}
         order by e.created_at desc, e.id desc limit ${slice.first + 1}`,
  );
  const page = sliceOf(rows, slice.first);
  return { ...page, items: page.items.map(toEventView) };
}

/**
 * The newest events of each parent in one statement; `parent` is the event column the parents'
 * ids are in (`episode_id` for an episode's events, `actor_id` for a user's acknowledgements).
 */
export async function eventsByParent(
  em: EntityManager,
  actor: Actor,
  parent: 'episode' | 'actor',
  parentIds: readonly string[],
  filter: HistoryEventFilter,
  slice: SliceQuery,
): Promise<Slice<HistoryEventView>[]> {
  const ids = parentIds.filter(isId);
  const column = parent === 'episode' ? sql`e.episode_id` : sql`e.actor_id`;
  const rows = await selectRows<EventRow>(
    em,
    sql`select * from (
          select ${EVENT_COLUMNS}, ${column} as "parentId",
                 row_number() over (partition by ${column} order by e.created_at desc, e.id desc) as n
            from alert_events e join alert_rules r on r.id = e.rule_id
           where ${column} in (${ids}) and ${eventCondition(actor, filter)}
             and ${olderThan(sql`e.created_at`, sql`e.id`, slice.after)}) as w
         where w.n <= ${slice.first + 1} order by w."createdAt" desc, w.id desc`,
  );
  return slicesByParent(parentIds, rows, slice.first).map((page) => ({
    ...page,
    items: page.items.map(toEventView),
  }));
}

/** Events by id (a delivery's event); null where unknown or on a rule the actor may not see. */
export async function eventsById(
  em: EntityManager,
  actor: Actor,
  eventIds: readonly string[],
): Promise<(HistoryEventView | null)[]> {
  const ids = eventIds.filter(isId);
  const rows = await selectRows<EventRow>(
    em,
    sql`select ${EVENT_COLUMNS}, e.id as "parentId" from alert_events e join alert_rules r on r.id = e.rule_id
         where e.id in (${ids}) and ${reportedRules(actor, {})}`,
  );
  const byId = new Map(rows.map((row) => [row.id, toEventView(row)]));
  return eventIds.map((id) => byId.get(id) ?? null);
}

function toEventView(row: EventRow): HistoryEventView {
  const { parentId: _parent, n: _n, createdAt, ...rest } = row;
  return { ...rest, createdAt: isoOf(createdAt) };
}
