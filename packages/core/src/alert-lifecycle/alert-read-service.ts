import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { BehaviorRecord } from '../behavior-rules/notification-behavior';
import type { AlertEventKind, AlertState } from '../entities/index';
import type { Page, PageQuery } from '../pagination/page';
import { pageOffset } from '../pagination/page';
import { queryRows } from '../persistence/query-rows';
import type { CheckSchedule, CheckStatus } from '../ports/check-schedule';
import { type Clock, systemClock } from '../ports/clock';
import type { BatchCounts } from './batch-facts';
import { type FiringNowPage, firingNow } from './firing-now';
import { fromJson, type Json } from './json-column';
import { loadVisibleRule } from './rule-access';
import { type RuleTimeline, statusTimeline, type TimelineQuery } from './status-timeline';

export interface HistoryQuery extends PageQuery {
  from?: Date;
  to?: Date;
}

export interface HistoryEntry {
  id: string;
  kind: AlertEventKind;
  state: AlertState | null;
  ruleState: AlertState;
  /** The label legacy clients show for API alerts. */
  status: 'Firing' | 'Resolved' | 'Triggered' | 'Acknowledged' | 'Test';
  alertname: string | null;
  instance: string | null;
  description: string | null;
  episodeId: string | null;
  actorId: string | null;
  /** For an acknowledgement through a message's link: the endpoint the page went through. */
  viaEndpointId: string | null;
  /** What the rule's behavior rules did to the event's notifications (silenced, routed, templated); absent when nothing. */
  behavior?: BehaviorRecord;
  /** The labels of the alert the event is about (its instance's); null for events about no alert. */
  labels: Record<string, string> | null;
  /** The alert's annotations as the event recorded them; null when it recorded none. */
  annotations: Record<string, string> | null;
  /** The alert's source-specific facts (its instance's: a link, a host, the page at its source). */
  details: Record<string, unknown> | null;
  summary: string | null;
  /**
   * The data source the alert came through, as ingestion recorded it; for an event recorded
   * without one, the rule's data source when it lists exactly one; else null.
   */
  dataSource: DataSourceName | null;
  /**
   * Of the alerts the payload, poll or evaluation run that made the event applied to the rule, how
   * many fired and how many resolved; null for an event made alone (an API call, a timer, a person).
   */
  batch: BatchCounts | null;
  createdAt: string;
}

/** A data source by id and name. */
export interface DataSourceName {
  id: string;
  name: string;
}

export interface FiringInstance {
  id: string;
  alertname: string | null;
  instance: string;
  state: AlertState;
  description: string | null;
  summary: string | null;
  labels: Record<string, string> | null;
  details: Record<string, unknown> | null;
  /** The annotations the instance's episode opened with. */
  annotations: Record<string, string> | null;
  /** The data source the episode's first alert came through (see `HistoryEntry.dataSource`). */
  dataSource: DataSourceName | null;
  firedAt: string;
  lastSeenAt: string;
  acknowledgedAt: string | null;
}

const LABELS: Record<AlertEventKind, HistoryEntry['status']> = {
  fired: 'Firing',
  refired: 'Firing',
  status: 'Firing',
  triggered: 'Triggered',
  resolved: 'Resolved',
  auto_resolved: 'Resolved',
  acknowledged: 'Acknowledged',
  test: 'Test',
};

/** What happened to rules: their history, their status over time, and what is firing now. */
export class AlertReadService {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      /** Evaluated rules' last check; absent where none is kept (a rule read shows none). */
      checks?: Pick<CheckSchedule, 'ruleStatus'>;
      /** The time escalation countdowns are read against. */
      clock?: Clock;
    },
  ) {}

  /** Every instance firing now across the rules the actor may see, worst and newest first. */
  firing(actor: Actor, query: PageQuery): Promise<FiringNowPage> {
    return firingNow(this.deps.orm, actor, query, (this.deps.clock ?? systemClock).now());
  }

  statusTimeline(actor: Actor, query: TimelineQuery): Promise<RuleTimeline[]> {
    return statusTimeline(this.deps.orm, actor, query);
  }

  /** Newest first; `from`/`to` bound the event time (to inclusive, to the minute the client sent). */
  async history(actor: Actor, ruleId: string, query: HistoryQuery): Promise<Page<HistoryEntry>> {
    const em = this.deps.orm.em.fork();
    const rule = await loadVisibleRule(em, actor, ruleId);
    const where = ['e.rule_id = ?'];
    const params: unknown[] = [rule.id];
    if (query.from) {
      where.push('e.created_at >= ?');
      params.push(query.from);
    }
    if (query.to) {
      // The minute's end is added by the database: for 9999-12-31 23:59 it is year 10000, which
      // PostgreSQL holds but a JS date bound as a parameter does not serialize to.
      where.push(`e.created_at < ?::timestamptz + interval '1 minute'`);
      params.push(query.to);
    }
    const condition = where.join(' and ');
    const [counted] = await queryRows<{ total: string | number }>(
      em,
      `select count(*) as total from alert_events e where ${condition}`,
      params,
    );
    const rows = await queryRows<{
      id: string;
      kind: AlertEventKind;
      state: AlertState | null;
      rule_state: AlertState;
      alertname: string | null;
      instance: string | null;
      description: string | null;
      episode_id: string | null;
      actor_id: string | null;
      via_endpoint_id: string | null;
      behavior: BehaviorRecord | string | null;
      annotations: Json<Record<string, string>>;
      batch: Json<BatchCounts>;
      labels: Json<Record<string, string>>;
      details: Json<Record<string, unknown>>;
      summary: string | null;
      data_source_id: string | null;
      data_source_name: string | null;
      created_at: Date | string;
    }>(
      em,
      // The alert's labels and details are its instance's (one row by key); the data source is the
      // one ingestion recorded, by key.
      `select e.id, e.kind, e.state, e.rule_state, e.alertname, e.instance, e.description, e.episode_id,
              e.actor_id, e.via_endpoint_id, e.created_at, e.payload->'behavior' as behavior,
              e.payload->'annotations' as annotations, e.payload->'batch' as batch,
              i.labels, i.details, coalesce(e.payload->>'summary', i.summary) as summary,
              ds.id as data_source_id, ds.name as data_source_name
         from alert_events e
         left join alert_instances i on i.id = e.instance_id
         left join data_sources ds on ds.id = (e.payload->>'dataSourceId')::uuid
        where ${condition}
        order by e.created_at desc, e.id desc limit ? offset ?`,
      [...params, query.perPage, pageOffset(query)],
    );
    const ruleSource = rows.some((r) => r.data_source_id === null) ? await onlyDataSource(em, rule.id) : null;
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        state: r.state,
        ruleState: r.rule_state,
        status: LABELS[r.kind],
        alertname: r.alertname,
        instance: r.instance,
        description: r.description,
        episodeId: r.episode_id,
        actorId: r.actor_id,
        viaEndpointId: r.via_endpoint_id,
        ...(r.behavior
          ? { behavior: typeof r.behavior === 'string' ? JSON.parse(r.behavior) : r.behavior }
          : {}),
        labels: fromJson(r.labels),
        annotations: fromJson(r.annotations),
        details: fromJson(r.details),
        summary: r.summary,
        dataSource:
          r.data_source_id !== null && r.data_source_name !== null
            ? { id: r.data_source_id, name: r.data_source_name }
            : ruleSource,
        batch: fromJson(r.batch),
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: Number(counted?.total ?? 0),
      page: query.page,
      perPage: query.perPage,
    };
  }

  /**
   * The instances firing now (for every rule type: API instances, webhook alerts, evaluated checks),
   * newest first; with a `limit`, only that many of them, while `total` counts them all.
   */
  async triggered(
    actor: Actor,
    ruleId: string,
    options: { limit?: number } = {},
  ): Promise<{
    alertRuleId: string;
    type: string;
    state: AlertState;
    instances: FiringInstance[];
    /** Every instance firing now, however many `instances` lists. */
    total: number;
    /** For a rule the service evaluates: its last run's outcome and check document, and its next run. */
    check?: CheckStatus;
  }> {
    const em = this.deps.orm.em.fork();
    const rule = await loadVisibleRule(em, actor, ruleId);
    const rows = await queryRows<{
      id: string;
      alertname: string | null;
      instance: string;
      state: AlertState;
      description: string | null;
      summary: string | null;
      labels: Json<Record<string, string>>;
      details: Json<Record<string, unknown>>;
      annotations: Json<Record<string, string>>;
      data_source_id: string | null;
      data_source_name: string | null;
      fired_at: Date | string;
      last_seen_at: Date | string;
      acknowledged_at: Date | string | null;
    }>(
      em,
      // An episode's id is its opening event's: what that event recorded of the alert.
      `select i.id, i.alertname, i.instance, i.state, i.description, i.summary, i.labels, i.details,
              o.payload->'annotations' as annotations, ds.id as data_source_id, ds.name as data_source_name,
              i.fired_at, i.last_seen_at, i.acknowledged_at
         from alert_instances i
         left join alert_events o on o.id = i.episode_id
         left join data_sources ds on ds.id = (o.payload->>'dataSourceId')::uuid
        where i.rule_id = ? and i.state in ('critical', 'warning')
        order by i.fired_at desc, i.id
        ${options.limit === undefined ? '' : 'limit ?'}`,
      options.limit === undefined ? [rule.id] : [rule.id, options.limit],
    );
    const total =
      options.limit !== undefined && rows.length === options.limit
        ? Number(
            (
              await queryRows<{ total: string | number }>(
                em,
                `select count(*) as total from alert_instances where rule_id = ? and state in ('critical', 'warning')`,
                [rule.id],
              )
            )[0]?.total ?? rows.length,
          )
        : rows.length;
    const ruleSource = rows.some((r) => r.data_source_id === null) ? await onlyDataSource(em, rule.id) : null;
    const check = (await this.deps.checks?.ruleStatus(rule.id)) ?? null;
    return {
      alertRuleId: rule.id,
      type: rule.type,
      state: rule.state,
      ...(check ? { check } : {}),
      total,
      instances: rows.map((r) => ({
        id: r.id,
        alertname: r.alertname,
        instance: r.instance,
        state: r.state,
        description: r.description,
        summary: r.summary,
        labels: fromJson(r.labels),
        details: fromJson(r.details),
        annotations: fromJson(r.annotations),
        dataSource:
          r.data_source_id !== null && r.data_source_name !== null
            ? { id: r.data_source_id, name: r.data_source_name }
            : ruleSource,
        firedAt: new Date(r.fired_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        acknowledgedAt: r.acknowledged_at ? new Date(r.acknowledged_at).toISOString() : null,
      })),
    };
  }
}

/** A json(b) column as the driver hands it back: parsed, or its text on some drivers. */
/**
 * The data source an event recorded without one came through, when the rule leaves no doubt: the
 * one it lists. A rule listing several (or none: every source of its type) answers null.
 */
async function onlyDataSource(em: EntityManager, ruleId: string): Promise<DataSourceName | null> {
  const rows = await queryRows<DataSourceName>(
    em,
    `select ds.id, ds.name from alert_rule_data_sources d join data_sources ds on ds.id = d.data_source_id
      where d.alert_rule_id = ? limit 2`,
    [ruleId],
  );
  const [only] = rows;
  return rows.length === 1 && only ? only : null;
}
