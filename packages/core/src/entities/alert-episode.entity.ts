import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';

/**
 * One episode of an instance, summed up from the history: when it fired, was first acknowledged and
 * first resolved. The reports read it instead of grouping the history's events per episode on every
 * query. Kept by a statement trigger on `alert_events` (declared on the AlertEvent entity), so every
 * writer of the history keeps it current: `fired` events insert the row, `acknowledged` events mark
 * the episodes their payload names (`episodeIds`: an acknowledgement is one rule-level event) or
 * their own `episode_id`, `resolved` and `auto_resolved` events mark theirs. Marks keep the earliest
 * time, whatever order events are stored in; a mark for an episode whose `fired` event is not stored
 * (pruned) changes nothing. Retention prunes rows with the history they sum up.
 */
const AlertEpisodeSchema = defineEntity({
  name: 'AlertEpisode',
  tableName: 'alert_episodes',
  indexes: [
    { name: 'alert_episodes_rule_fired', properties: ['rule', 'firedAt'] },
    { name: 'alert_episodes_fired', properties: ['firedAt'] },
  ],
  properties: {
    /** The id of the episode's `fired` event, as `alert_events.episode_id` and the instance name it. */
    episodeId: p.uuid().primary(),
    rule: () => p.manyToOne(AlertRule).deleteRule('cascade'),
    instanceId: p.uuid().nullable(),
    alertname: p.string().nullable(),
    instance: p.text().nullable(),
    firedAt: p.datetime(),
    acknowledgedAt: p.datetime().nullable(),
    /** Who acknowledged first; an id without a foreign key, as in the history. */
    acknowledgedById: p.uuid().nullable(),
    resolvedAt: p.datetime().nullable(),
  },
});

export class AlertEpisode extends AlertEpisodeSchema.class {}
AlertEpisodeSchema.setClass(AlertEpisode);

export { AlertEpisodeSchema };

/**
 * The episodes opened by the `fired` events of `source` (an `alert_events` relation), the first
 * fire of each kept.
 */
export function episodeOpeningsSql(source: string): string {
  return `insert into "alert_episodes" as ep
      ("episode_id", "rule_id", "instance_id", "alertname", "instance", "fired_at")
    select distinct on (e.episode_id) e.episode_id, e.rule_id, e.instance_id, e.alertname, e.instance, e.created_at
      from ${source} e
     where e.kind = 'fired' and e.episode_id is not null
     order by e.episode_id, e.created_at, e.id
    on conflict ("episode_id") do nothing`;
}

/**
 * The acknowledgements in `source`: each episode an `acknowledged` event names in its payload (ids
 * of any other shape are skipped, so a malformed payload never fails the acknowledgement), or by
 * its own `episode_id`, takes the earliest of them.
 */
export function episodeAcknowledgementsSql(source: string): string {
  return `update "alert_episodes" as ep
       set "acknowledged_at" = a.at, "acknowledged_by_id" = a.actor_id
      from (select distinct on (x.episode_id) x.episode_id, x.at, x.actor_id
              from (select j.id::uuid as episode_id, e.created_at as at, e.actor_id
                      from ${source} e
                     cross join jsonb_array_elements_text(
                       case when jsonb_typeof(e.payload -> 'episodeIds') = 'array'
                            then e.payload -> 'episodeIds' else '[]'::jsonb end) as j(id)
                     where e.kind = 'acknowledged'
                       and j.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                    union all
                    select e.episode_id, e.created_at, e.actor_id
                      from ${source} e
                     where e.kind = 'acknowledged' and e.episode_id is not null) as x
             order by x.episode_id, x.at) as a
     where ep.episode_id = a.episode_id and (ep.acknowledged_at is null or ep.acknowledged_at > a.at)`;
}

/** The resolves in `source`: each episode takes its earliest `resolved` or `auto_resolved` event. */
export function episodeResolvesSql(source: string): string {
  return `update "alert_episodes" as ep
       set "resolved_at" = r.at
      from (select e.episode_id, min(e.created_at) as at
              from ${source} e
             where e.kind in ('resolved', 'auto_resolved') and e.episode_id is not null
             group by e.episode_id) as r
     where ep.episode_id = r.episode_id and (ep.resolved_at is null or ep.resolved_at > r.at)`;
}

/**
 * The DDL of the trigger that keeps `alert_episodes` current. One look at the new rows tells which
 * kinds they hold, so a statement of none of them (a repeat, a state change, a test) costs that look
 * alone, and each kind present costs one set-based statement.
 */
export const ALERT_EVENT_EPISODES_TRIGGER = `create or replace function "alert_events_episodes_fn"()
  returns trigger language plpgsql as $$
  declare
    v_fired boolean;
    v_acknowledged boolean;
    v_resolved boolean;
  begin
    select coalesce(bool_or(e.kind = 'fired'), false), coalesce(bool_or(e.kind = 'acknowledged'), false),
           coalesce(bool_or(e.kind in ('resolved', 'auto_resolved')), false)
      into v_fired, v_acknowledged, v_resolved
      from "added" e;
    if v_fired then ${episodeOpeningsSql('"added"')}; end if;
    if v_acknowledged then ${episodeAcknowledgementsSql('"added"')}; end if;
    if v_resolved then ${episodeResolvesSql('"added"')}; end if;
    return null;
  end $$;
  create trigger "alert_events_episodes" after insert on "alert_events"
    referencing new table as "added"
    for each statement execute function "alert_events_episodes_fn"()`;
