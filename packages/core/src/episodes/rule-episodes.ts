import type { EntityManager } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { queryRows } from '../persistence/query-rows';

/** Who acknowledged an episode; `username` and `name` are null once the user is deleted. */
export interface EpisodeAcknowledger {
  id: string;
  username: string | null;
  name: string | null;
}

/** The life of one alert instance, from the fire that opened it to its resolve. */
export interface Episode {
  episodeId: string;
  instanceId: string | null;
  alertname: string | null;
  instance: string | null;
  /** The instance's state after the episode's last event (`resolved` once it ended). */
  state: AlertState | null;
  firedAt: string;
  acknowledgedAt: string | null;
  /** Null for an acknowledgement through no user (none today) or an episode not acknowledged. */
  acknowledgedBy: EpisodeAcknowledger | null;
  resolvedAt: string | null;
  /** The episode's own history events (fires, state changes, its resolve). */
  eventCount: number;
}

interface EpisodeRow {
  episode_id: string;
  instance_id: string | null;
  alertname: string | null;
  instance: string | null;
  state: AlertState | null;
  fired_at: Date | string;
  resolved_at: Date | string | null;
  event_count: string | number;
  acknowledged_at: Date | string | null;
  acknowledged_by_id: string | null;
  acknowledged_by_username: string | null;
  acknowledged_by_name: string | null;
}

/**
 * A rule's episodes, newest first, read from its history. The acknowledgement is the instance's
 * mark while the episode is its current one, else the `acknowledged` event that names the episode
 * (events recorded before they named their episodes leave an old episode unacknowledged here).
 */
export async function ruleEpisodes(
  em: EntityManager,
  ruleId: string,
  query: PageQuery,
): Promise<Page<Episode>> {
  const [counted] = await queryRows<{ total: string | number }>(
    em,
    `select count(distinct episode_id) as total from alert_events where rule_id = ? and episode_id is not null`,
    [ruleId],
  );
  const rows = await queryRows<EpisodeRow>(
    em,
    `with episodes as (
       select e.episode_id,
              (array_agg(e.instance_id order by e.created_at) filter (where e.instance_id is not null))[1] as instance_id,
              (array_agg(e.alertname order by e.created_at desc) filter (where e.alertname is not null))[1] as alertname,
              (array_agg(e.instance order by e.created_at desc) filter (where e.instance is not null))[1] as instance,
              (array_agg(e.state order by e.created_at desc, e.id desc))[1] as state,
              min(e.created_at) as fired_at,
              max(e.created_at) filter (where e.kind in ('resolved', 'auto_resolved')) as resolved_at,
              count(*) as event_count
         from alert_events e
        where e.rule_id = ? and e.episode_id is not null
        group by e.episode_id
        order by fired_at desc, e.episode_id desc
        limit ? offset ?
     )
     select ep.*, coalesce(i.acknowledged_at, ack.created_at) as acknowledged_at,
            coalesce(i.acknowledged_by_id, ack.actor_id) as acknowledged_by_id,
            u.username as acknowledged_by_username, u.name as acknowledged_by_name
       from episodes ep
       left join alert_instances i
         on i.rule_id = ? and i.episode_id = ep.episode_id and i.acknowledged_at is not null
       left join lateral (
         select a.created_at, a.actor_id from alert_events a
          where a.rule_id = ? and a.kind = 'acknowledged'
            and a.payload -> 'episodeIds' @> jsonb_build_array(ep.episode_id::text)
          order by a.created_at limit 1
       ) ack on i.id is null
       left join users u on u.id = coalesce(i.acknowledged_by_id, ack.actor_id)
      order by ep.fired_at desc, ep.episode_id desc`,
    [ruleId, query.perPage, pageOffset(query), ruleId, ruleId],
  );
  return {
    items: rows.map(episodeOf),
    total: Number(counted?.total ?? 0),
    page: query.page,
    perPage: query.perPage,
  };
}

function episodeOf(row: EpisodeRow): Episode {
  return {
    episodeId: row.episode_id,
    instanceId: row.instance_id,
    alertname: row.alertname,
    instance: row.instance,
    state: row.state,
    firedAt: isoOf(row.fired_at),
    acknowledgedAt: row.acknowledged_at === null ? null : isoOf(row.acknowledged_at),
    acknowledgedBy:
      row.acknowledged_by_id === null
        ? null
        : {
            id: row.acknowledged_by_id,
            username: row.acknowledged_by_username,
            name: row.acknowledged_by_name,
          },
    resolvedAt: row.resolved_at === null ? null : isoOf(row.resolved_at),
    eventCount: Number(row.event_count),
  };
}

function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}
