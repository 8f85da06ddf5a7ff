import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { BehaviorRecord } from '../behavior-rules/notification-behavior';
import type { AlertEventKind, AlertState } from '../entities/index';
import type { Page, PageQuery } from '../pagination/page';
import { pageOffset } from '../pagination/page';
import { queryRows } from '../persistence/query-rows';
import type { CheckStatus } from '../scheduled-checks/scheduled-check-store';
import type { ScheduledChecks } from '../scheduled-checks/scheduled-checks';
import { type FiringNowEntry, firingNow } from './firing-now';
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
  createdAt: string;
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
      checks?: Pick<ScheduledChecks, 'ruleStatus'>;
    },
  ) {}

  /** Every instance firing now across the rules the actor may see, worst and newest first. */
  firing(
    actor: Actor,
    query: PageQuery,
  ): Promise<Page<FiringNowEntry> & { critical: number; warning: number }> {
    return firingNow(this.deps.orm, actor, query);
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
      created_at: Date | string;
    }>(
      em,
      `select e.id, e.kind, e.state, e.rule_state, e.alertname, e.instance, e.description, e.episode_id,
              e.actor_id, e.via_endpoint_id, e.created_at, e.payload->'behavior' as behavior
         from alert_events e where ${condition}
        order by e.created_at desc, e.id desc limit ? offset ?`,
      [...params, query.perPage, pageOffset(query)],
    );
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
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: Number(counted?.total ?? 0),
      page: query.page,
      perPage: query.perPage,
    };
  }

  /** The instances firing now (for every rule type: API instances, webhook alerts, evaluated checks). */
  async triggered(
    actor: Actor,
    ruleId: string,
  ): Promise<{
    alertRuleId: string;
    type: string;
    state: AlertState;
    instances: FiringInstance[];
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
      labels: Record<string, string> | null;
      details: Record<string, unknown> | null;
      fired_at: Date | string;
      last_seen_at: Date | string;
      acknowledged_at: Date | string | null;
    }>(
      em,
      `select id, alertname, instance, state, description, summary, labels, details, fired_at, last_seen_at,
              acknowledged_at
         from alert_instances where rule_id = ? and state in ('critical', 'warning')
        order by fired_at desc, id`,
      [rule.id],
    );
    const check = (await this.deps.checks?.ruleStatus(rule.id)) ?? null;
    return {
      alertRuleId: rule.id,
      type: rule.type,
      state: rule.state,
      ...(check ? { check } : {}),
      instances: rows.map((r) => ({
        id: r.id,
        alertname: r.alertname,
        instance: r.instance,
        state: r.state,
        description: r.description,
        summary: r.summary,
        labels: r.labels,
        details: r.details,
        firedAt: new Date(r.fired_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        acknowledgedAt: r.acknowledged_at ? new Date(r.acknowledged_at).toISOString() : null,
      })),
    };
  }
}
