import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { AlertRuleType, AlertState } from '../entities/index';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { selectRows, sql, trustedSql } from '../persistence/sql-fragment';
import { visibleRules } from '../rule-access/visible-rules';
import type { FiringInstance } from './alert-read-service';
import { type FiringPages, firingPages } from './firing-pages';
import { fromJson, type Json } from './json-column';
import { stateRankSql } from './state-rank';

/** A firing instance with the rule it belongs to, its pages and its next escalation: one row of the web UI's Now page. */
export interface FiringNowEntry extends FiringInstance, FiringPages {
  episodeId: string;
  rule: { id: string; name: string; type: AlertRuleType; isSilent: boolean };
}

interface Row {
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
  episode_id: string;
  fired_at: Date | string;
  last_seen_at: Date | string;
  acknowledged_at: Date | string | null;
  rule_id: string;
  rule_name: string;
  rule_type: AlertRuleType;
  is_silent: boolean;
}

/** A page of firing instances, the counts per state, and the server's time the page was read at (for countdowns). */
export type FiringNowPage = Page<FiringNowEntry> & { critical: number; warning: number; asOf: string };

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Every instance firing now across the rules the actor may see, worst first and newest first within
 * a state, a page at a time (the `alert_instances_state_rule` index starts from the firing states).
 */
export async function firingNow(
  orm: MikroORM,
  actor: Actor,
  query: PageQuery,
  now: Date,
): Promise<FiringNowPage> {
  const em = orm.em.fork();
  const from = sql`from alert_instances i join alert_rules r on r.id = i.rule_id
    where i.state in ('critical', 'warning') and ${visibleRules(actor)}`;
  const [counted] = await selectRows<{ critical: string | number; warning: string | number }>(
    em,
    sql`select count(*) filter (where i.state = 'critical') as critical,
               count(*) filter (where i.state = 'warning') as warning ${from}`,
  );
  const page = sql`select i.id, i.alertname, i.instance, i.state, i.description, i.summary, i.labels,
            i.details, o.payload->'annotations' as annotations, ds.id as data_source_id,
            ds.name as data_source_name, i.episode_id, i.fired_at, i.last_seen_at, i.acknowledged_at,
            r.id as rule_id, r.name as rule_name, r.type as rule_type,
            exists (select 1 from alert_rule_silences s
                     where s.alert_rule_id = r.id and s.user_id = ${actor.userId}) as is_silent
       from alert_instances i join alert_rules r on r.id = i.rule_id
       left join alert_events o on o.id = i.episode_id
       left join data_sources ds on ds.id = (o.payload->>'dataSourceId')::uuid
      where i.state in ('critical', 'warning') and ${visibleRules(actor)}
      order by ${trustedSql(stateRankSql('i.state'))} desc, i.fired_at desc, i.id
      limit ${query.perPage} offset ${pageOffset(query)}`;
  const rows = await selectRows<Row>(em, page);
  const critical = Number(counted?.critical ?? 0);
  const warning = Number(counted?.warning ?? 0);
  const pages = await firingPages(
    em,
    rows.map((r) => ({
      episodeId: r.episode_id,
      ruleId: r.rule_id,
      acknowledged: r.acknowledged_at !== null,
    })),
    now,
  );
  return {
    asOf: now.toISOString(),
    items: rows.map((r) => ({
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
          : null,
      episodeId: r.episode_id,
      firedAt: iso(r.fired_at),
      lastSeenAt: iso(r.last_seen_at),
      acknowledgedAt: r.acknowledged_at ? iso(r.acknowledged_at) : null,
      rule: { id: r.rule_id, name: r.rule_name, type: r.rule_type, isSilent: r.is_silent },
      pages: pages.get(r.episode_id)?.pages ?? [],
      nextEscalation: pages.get(r.episode_id)?.nextEscalation ?? null,
    })),
    total: critical + warning,
    critical,
    warning,
    page: query.page,
    perPage: query.perPage,
  };
}
