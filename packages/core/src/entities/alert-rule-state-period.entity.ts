import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';

/**
 * The period lengths, in seconds, a rule's state changes are rolled up by. A timeline reads the
 * longest one no longer than its bucket, so each row's changes fall in at most two buckets, and a
 * bucket spans at most a few rows (the ratio between neighbours).
 */
export const STATE_PERIOD_SECONDS = [60, 300, 600, 1800, 3600, 10800, 21600, 86400] as const;

/**
 * A rule's state changes within one aligned period (`period_start` is a multiple of
 * `period_seconds` since the epoch), kept by a statement trigger on `alert_events` (declared on the
 * AlertEvent entity), so the status timeline reads a few rows per bucket instead of every event.
 * Ranks: unknown 0, resolved 1, triggered 2, warning 3, critical 4.
 *
 * Only events that change the rule's state need a row: one whose `rule_state` equals the state
 * before it changes no bucket (its rank is already in force there), so the trigger leaves it out,
 * and an event that is rolled up anyway changes no answer either. The columns are minima and
 * maxima, so rows merge in any order, whatever order events commit in:
 * - `first_geK` / `last_geK`: the first and last change to a rank of at least K in the period, which
 *   tell the worst state on either side of a bucket edge inside the period;
 * - `last_key`: the last change, as its time in epoch microseconds × 8 + its rank, so a running
 *   maximum over periods is the state in force after them.
 */
const AlertRuleStatePeriodSchema = defineEntity({
  name: 'AlertRuleStatePeriod',
  tableName: 'alert_rule_state_periods',
  // A timeline reads ~10,000 rows scattered over the heap; from this index alone it reads them in
  // order, a few pages per rule (the heap is only visited for pages changed since the last vacuum).
  indexes: [
    {
      name: 'alert_rule_state_periods_read',
      properties: ['rule', 'periodSeconds', 'periodStart'],
      include: [
        'maxRank',
        'firstAt',
        'lastKey',
        'firstGe1',
        'firstGe2',
        'firstGe3',
        'firstGe4',
        'lastGe1',
        'lastGe2',
        'lastGe3',
        'lastGe4',
      ],
    },
  ],
  properties: {
    rule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade'),
    periodSeconds: p.integer().primary(),
    periodStart: p.datetime().primary(),
    maxRank: p.smallint(),
    firstAt: p.datetime(),
    lastKey: p.bigint(),
    firstGe1: p.datetime().nullable(),
    firstGe2: p.datetime().nullable(),
    firstGe3: p.datetime().nullable(),
    firstGe4: p.datetime().nullable(),
    lastGe1: p.datetime().nullable(),
    lastGe2: p.datetime().nullable(),
    lastGe3: p.datetime().nullable(),
    lastGe4: p.datetime().nullable(),
  },
});

export class AlertRuleStatePeriod extends AlertRuleStatePeriodSchema.class {}
AlertRuleStatePeriodSchema.setClass(AlertRuleStatePeriod);

export { AlertRuleStatePeriodSchema };

// `stateRankSql` written out: the migration holds this text, and schema code does not import the
// alert lifecycle.
const RANK = (column: string) =>
  `(case ${column} when 'critical' then 4 when 'warning' then 3 when 'triggered' then 2 when 'resolved' then 1 else 0 end)`;

/** Merges the rows that the changes in `source` (columns rule_id, at, rank) make into the table. */
function statePeriodUpsertSql(source: string): string {
  const ge = (k: number) =>
    `min(c.at) filter (where c.rank >= ${k}), max(c.at) filter (where c.rank >= ${k})`;
  const merge = (k: number) =>
    `"first_ge${k}" = least(p."first_ge${k}", excluded."first_ge${k}"), ` +
    `"last_ge${k}" = greatest(p."last_ge${k}", excluded."last_ge${k}")`;
  return `insert into "alert_rule_state_periods" as p
      ("rule_id", "period_seconds", "period_start", "max_rank", "first_at", "last_key",
       "first_ge1", "last_ge1", "first_ge2", "last_ge2", "first_ge3", "last_ge3", "first_ge4", "last_ge4")
    select c.rule_id, l.seconds, to_timestamp(floor(extract(epoch from c.at) / l.seconds) * l.seconds),
           max(c.rank), min(c.at), max((floor(extract(epoch from c.at) * 1000000))::bigint * 8 + c.rank),
           ${ge(1)}, ${ge(2)}, ${ge(3)}, ${ge(4)}
      from (${source}) as c
     cross join unnest(array[${STATE_PERIOD_SECONDS.join(', ')}]) as l(seconds)
     group by 1, 2, 3
    on conflict ("rule_id", "period_seconds", "period_start") do update set
      "max_rank" = greatest(p."max_rank", excluded."max_rank"),
      "first_at" = least(p."first_at", excluded."first_at"),
      "last_key" = greatest(p."last_key", excluded."last_key"),
      ${merge(1)}, ${merge(2)}, ${merge(3)}, ${merge(4)}`;
}

/**
 * The new events (transition table `new_events`) that change the state in force before them, and
 * the event after each new one when it differs from it: an event stored out of time order can make
 * its successor a change. Test notifications are history, not state.
 */
const NEW_STATE_CHANGES_SQL = `select e.rule_id, e.created_at as at, ${RANK('e.rule_state')} as rank
    from new_events e
   where e.kind <> 'test'
     and ${RANK('e.rule_state')} is distinct from coalesce((
       select ${RANK('b.rule_state')} from alert_events b
        where b.rule_id = e.rule_id and b.kind <> 'test' and b.created_at <= e.created_at
          and (b.created_at < e.created_at or b.id < e.id)
        order by b.created_at desc, b.id desc limit 1), 0)
  union
  select n.rule_id, n.created_at, ${RANK('n.rule_state')}
    from new_events e
    cross join lateral (
      select a.rule_id, a.created_at, a.rule_state from alert_events a
       where a.rule_id = e.rule_id and a.kind <> 'test' and a.created_at >= e.created_at
         and (a.created_at > e.created_at or a.id > e.id)
       order by a.created_at, a.id limit 1) as n
   where e.kind <> 'test' and n.rule_state <> e.rule_state`;

/**
 * A single new event (what ingestion writes) is first checked against the roll-up alone: if the
 * latest rolled-up change is no later than it and has its rank, it changes nothing and the trigger
 * is done, one index probe on rows that rarely change. Anything else (a change, an event stored
 * out of time order, a statement of several events) takes the full check against the history.
 */
const UNCHANGED_SINGLE_EVENT_SQL = `select count(*) = 1 and bool_and(e.kind = 'test' or coalesce((
      select (p.last_key >> 3) <= floor(extract(epoch from e.created_at) * 1000000)::bigint
             and (p.last_key & 7) = ${RANK('e.rule_state')}
        from alert_rule_state_periods p
       where p.rule_id = e.rule_id and p.period_seconds = ${STATE_PERIOD_SECONDS[0]}
       order by p.period_start desc limit 1), false))
    from new_events e`;

/** The DDL of the trigger that keeps `alert_rule_state_periods` up to date. */
export const ALERT_EVENT_STATE_PERIODS_TRIGGER = `create or replace function "alert_events_state_periods_fn"()
  returns trigger language plpgsql as $$
  declare
    v_unchanged boolean;
  begin
    ${UNCHANGED_SINGLE_EVENT_SQL} into v_unchanged;
    if v_unchanged then return null; end if;
    ${statePeriodUpsertSql(NEW_STATE_CHANGES_SQL)};
    return null;
  end $$;
  create trigger "alert_events_state_periods" after insert on "alert_events"
    referencing new table as "new_events"
    for each statement execute function "alert_events_state_periods_fn"()`;
