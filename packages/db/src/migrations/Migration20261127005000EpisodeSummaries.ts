import { Migration } from '@mikro-orm/migrations';

/**
 * `alert_episodes`: one row per episode, kept by a statement trigger on `alert_events`, which the
 * reports read instead of grouping the history per episode. The history stored before it is summed
 * up here, as the trigger would have. `alert_events_episode_marks`, which only the per-query
 * grouping read, goes: one index fewer on every insert of the history.
 */
export class Migration20261127005000EpisodeSummaries extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "alert_episodes" ("episode_id" uuid not null, "rule_id" uuid not null, "instance_id" uuid null, "alertname" varchar(255) null, "instance" text null, "fired_at" timestamptz not null, "acknowledged_at" timestamptz null, "acknowledged_by_id" uuid null, "resolved_at" timestamptz null, primary key ("episode_id"))',
    );
    this.addSql('create index "alert_episodes_rule_fired" on "alert_episodes" ("rule_id", "fired_at")');
    this.addSql('create index "alert_episodes_fired" on "alert_episodes" ("fired_at")');
    this.addSql(
      'alter table "alert_episodes" add constraint "alert_episodes_rule_id_foreign" foreign key ("rule_id") references "alert_rules" ("id") on delete cascade',
    );
    this.addSql(`create or replace function "alert_events_episodes_fn"()
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
    if v_fired then insert into "alert_episodes" as ep
      ("episode_id", "rule_id", "instance_id", "alertname", "instance", "fired_at")
    select distinct on (e.episode_id) e.episode_id, e.rule_id, e.instance_id, e.alertname, e.instance, e.created_at
      from "added" e
     where e.kind = 'fired' and e.episode_id is not null
     order by e.episode_id, e.created_at, e.id
    on conflict ("episode_id") do nothing; end if;
    if v_acknowledged then update "alert_episodes" as ep
       set "acknowledged_at" = a.at, "acknowledged_by_id" = a.actor_id
      from (select distinct on (x.episode_id) x.episode_id, x.at, x.actor_id
              from (select j.id::uuid as episode_id, e.created_at as at, e.actor_id
                      from "added" e
                     cross join jsonb_array_elements_text(
                       case when jsonb_typeof(e.payload -> 'episodeIds') = 'array'
                            then e.payload -> 'episodeIds' else '[]'::jsonb end) as j(id)
                     where e.kind = 'acknowledged'
                       and j.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                    union all
                    select e.episode_id, e.created_at, e.actor_id
                      from "added" e
                     where e.kind = 'acknowledged' and e.episode_id is not null) as x
             order by x.episode_id, x.at) as a
     where ep.episode_id = a.episode_id and (ep.acknowledged_at is null or ep.acknowledged_at > a.at); end if;
    if v_resolved then update "alert_episodes" as ep
       set "resolved_at" = r.at
      from (select e.episode_id, min(e.created_at) as at
              from "added" e
             where e.kind in ('resolved', 'auto_resolved') and e.episode_id is not null
             group by e.episode_id) as r
     where ep.episode_id = r.episode_id and (ep.resolved_at is null or ep.resolved_at > r.at); end if;
    return null;
  end $$`);
    this.addSql(`create trigger "alert_events_episodes" after insert on "alert_events"
    referencing new table as "added"
    for each statement execute function "alert_events_episodes_fn"()`);
    this.addSql(`insert into "alert_episodes" as ep
      ("episode_id", "rule_id", "instance_id", "alertname", "instance", "fired_at")
    select distinct on (e.episode_id) e.episode_id, e.rule_id, e.instance_id, e.alertname, e.instance, e.created_at
      from "alert_events" e
     where e.kind = 'fired' and e.episode_id is not null
     order by e.episode_id, e.created_at, e.id
    on conflict ("episode_id") do nothing`);
    this.addSql(`update "alert_episodes" as ep
       set "acknowledged_at" = a.at, "acknowledged_by_id" = a.actor_id
      from (select distinct on (x.episode_id) x.episode_id, x.at, x.actor_id
              from (select j.id::uuid as episode_id, e.created_at as at, e.actor_id
                      from "alert_events" e
                     cross join jsonb_array_elements_text(
                       case when jsonb_typeof(e.payload -> 'episodeIds') = 'array'
                            then e.payload -> 'episodeIds' else '[]'::jsonb end) as j(id)
                     where e.kind = 'acknowledged'
                       and j.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                    union all
                    select e.episode_id, e.created_at, e.actor_id
                      from "alert_events" e
                     where e.kind = 'acknowledged' and e.episode_id is not null) as x
             order by x.episode_id, x.at) as a
     where ep.episode_id = a.episode_id and (ep.acknowledged_at is null or ep.acknowledged_at > a.at)`);
    this.addSql(`update "alert_episodes" as ep
       set "resolved_at" = r.at
      from (select e.episode_id, min(e.created_at) as at
              from "alert_events" e
             where e.kind in ('resolved', 'auto_resolved') and e.episode_id is not null
             group by e.episode_id) as r
     where ep.episode_id = r.episode_id and (ep.resolved_at is null or ep.resolved_at > r.at)`);
    this.addSql('drop index if exists "alert_events_episode_marks"');
  }

  override async down(): Promise<void> {
    this.addSql(
      'create index "alert_events_episode_marks" on "alert_events" ("rule_id", "created_at") include ("episode_id", "kind") where "episode_id" is not null and "kind" in (\'fired\', \'acknowledged\', \'resolved\', \'auto_resolved\')',
    );
    this.addSql('drop trigger if exists "alert_events_episodes" on "alert_events"');
    this.addSql('drop function if exists "alert_events_episodes_fn"()');
    this.addSql('drop table if exists "alert_episodes" cascade');
  }
}
