import { Migration } from '@mikro-orm/migrations';

export class Migration20261122082653AlertRuleStatePeriods extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "alert_rule_state_periods" ("rule_id" uuid not null, "period_seconds" int not null, "period_start" timestamptz not null, "max_rank" smallint not null, "first_at" timestamptz not null, "last_key" bigint not null, "first_ge1" timestamptz null, "first_ge2" timestamptz null, "first_ge3" timestamptz null, "first_ge4" timestamptz null, "last_ge1" timestamptz null, "last_ge2" timestamptz null, "last_ge3" timestamptz null, "last_ge4" timestamptz null, primary key ("rule_id", "period_seconds", "period_start"))',
    );
    this.addSql(
      'create index "alert_rule_state_periods_read" on "alert_rule_state_periods" ("rule_id", "period_seconds", "period_start") include ("max_rank", "first_at", "last_key", "first_ge1", "first_ge2", "first_ge3", "first_ge4", "last_ge1", "last_ge2", "last_ge3", "last_ge4")',
    );
    this.addSql(
      'create or replace function "alert_events_state_periods_fn"()\n  returns trigger language plpgsql as $$  declare\n    v_unchanged boolean;   begin\n    select count(*) = 1 and bool_and(e.kind = \'test\' or coalesce((\n      select (p.last_key >> 3) <= floor(extract(epoch from e.created_at) * 1000000)::bigint\n             and (p.last_key & 7) = (case e.rule_state when \'critical\' then 4 when \'warning\' then 3 when \'triggered\' then 2 when \'resolved\' then 1 else 0 end)\n        from alert_rule_state_periods p\n       where p.rule_id = e.rule_id and p.period_seconds = 60\n       order by p.period_start desc limit 1), false))\n    from new_events e into v_unchanged;     if v_unchanged then return null; end if;     insert into "alert_rule_state_periods" as p\n      ("rule_id", "period_seconds", "period_start", "max_rank", "first_at", "last_key",\n       "first_ge1", "last_ge1", "first_ge2", "last_ge2", "first_ge3", "last_ge3", "first_ge4", "last_ge4")\n    select c.rule_id, l.seconds, to_timestamp(floor(extract(epoch from c.at) / l.seconds) * l.seconds),\n           max(c.rank), min(c.at), max((floor(extract(epoch from c.at) * 1000000))::bigint * 8 + c.rank),\n           min(c.at) filter (where c.rank >= 1), max(c.at) filter (where c.rank >= 1), min(c.at) filter (where c.rank >= 2), max(c.at) filter (where c.rank >= 2), min(c.at) filter (where c.rank >= 3), max(c.at) filter (where c.rank >= 3), min(c.at) filter (where c.rank >= 4), max(c.at) filter (where c.rank >= 4)\n      from (select e.rule_id, e.created_at as at, (case e.rule_state when \'critical\' then 4 when \'warning\' then 3 when \'triggered\' then 2 when \'resolved\' then 1 else 0 end) as rank\n    from new_events e\n   where e.kind <> \'test\'\n     and (case e.rule_state when \'critical\' then 4 when \'warning\' then 3 when \'triggered\' then 2 when \'resolved\' then 1 else 0 end) is distinct from coalesce((\n       select (case b.rule_state when \'critical\' then 4 when \'warning\' then 3 when \'triggered\' then 2 when \'resolved\' then 1 else 0 end) from alert_events b\n        where b.rule_id = e.rule_id and b.kind <> \'test\' and b.created_at <= e.created_at\n          and (b.created_at < e.created_at or b.id < e.id)\n        order by b.created_at desc, b.id desc limit 1), 0)\n  union\n  select n.rule_id, n.created_at, (case n.rule_state when \'critical\' then 4 when \'warning\' then 3 when \'triggered\' then 2 when \'resolved\' then 1 else 0 end)\n    from new_events e\n    cross join lateral (\n      select a.rule_id, a.created_at, a.rule_state from alert_events a\n       where a.rule_id = e.rule_id and a.kind <> \'test\' and a.created_at >= e.created_at\n         and (a.created_at > e.created_at or a.id > e.id)\n       order by a.created_at, a.id limit 1) as n\n   where e.kind <> \'test\' and n.rule_state <> e.rule_state) as c\n     cross join unnest(array[60, 300, 600, 1800, 3600, 10800, 21600, 86400]) as l(seconds)\n     group by 1, 2, 3\n    on conflict ("rule_id", "period_seconds", "period_start") do update set\n      "max_rank" = greatest(p."max_rank", excluded."max_rank"),\n      "first_at" = least(p."first_at", excluded."first_at"),\n      "last_key" = greatest(p."last_key", excluded."last_key"),\n      "first_ge1" = least(p."first_ge1", excluded."first_ge1"), "last_ge1" = greatest(p."last_ge1", excluded."last_ge1"), "first_ge2" = least(p."first_ge2", excluded."first_ge2"), "last_ge2" = greatest(p."last_ge2", excluded."last_ge2"), "first_ge3" = least(p."first_ge3", excluded."first_ge3"), "last_ge3" = greatest(p."last_ge3", excluded."last_ge3"), "first_ge4" = least(p."first_ge4", excluded."first_ge4"), "last_ge4" = greatest(p."last_ge4", excluded."last_ge4");     return null;   end $$',
    );
    this.addSql(
      'create trigger "alert_events_state_periods" after insert on "alert_events"\n    referencing new table as "new_events"\n    for each statement execute function "alert_events_state_periods_fn"()',
    );
    this.addSql(
      'alter table "alert_rule_state_periods" add constraint "alert_rule_state_periods_rule_id_foreign" foreign key ("rule_id") references "alert_rules" ("id") on delete cascade',
    );
    // The history stored before the trigger existed, every event of it: one that changes nothing
    // changes no answer either.
    this.addSql(`insert into "alert_rule_state_periods"
        ("rule_id", "period_seconds", "period_start", "max_rank", "first_at", "last_key",
         "first_ge1", "last_ge1", "first_ge2", "last_ge2", "first_ge3", "last_ge3", "first_ge4", "last_ge4")
      select c.rule_id, l.seconds, to_timestamp(floor(extract(epoch from c.at) / l.seconds) * l.seconds),
             max(c.rank), min(c.at), max((floor(extract(epoch from c.at) * 1000000))::bigint * 8 + c.rank),
             min(c.at) filter (where c.rank >= 1), max(c.at) filter (where c.rank >= 1),
             min(c.at) filter (where c.rank >= 2), max(c.at) filter (where c.rank >= 2),
             min(c.at) filter (where c.rank >= 3), max(c.at) filter (where c.rank >= 3),
             min(c.at) filter (where c.rank >= 4), max(c.at) filter (where c.rank >= 4)
        from (select e.rule_id, e.created_at as at,
                     (case e.rule_state when 'critical' then 4 when 'warning' then 3 when 'triggered' then 2
                                        when 'resolved' then 1 else 0 end) as rank
                from "alert_events" e where e.kind <> 'test') as c
       cross join unnest(array[60, 300, 600, 1800, 3600, 10800, 21600, 86400]) as l(seconds)
       group by 1, 2, 3`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists "alert_events_state_periods" on "alert_events"');
    this.addSql('drop function if exists "alert_events_state_periods_fn"()');
    this.addSql('drop table if exists "alert_rule_state_periods" cascade');
  }
}
