import { STATE_PERIOD_SECONDS } from '../entities/index';

/**
 * One batch of history older than the cutoff (`?` 1, 2), `?` 3 and 4 rows at most. Kept, whatever
 * their age:
 * - per rule, its last state change before the cutoff (the newest non-test event): the status
 *   timeline and the roll-up's trigger read the state in force from the latest event before an
 *   instant, and this one still tells it for every instant after the cutoff;
 * - every event of an episode still open (an instance not resolved names it);
 * - the opening event of every instance's current or last episode (instances name it by id).
 * Rules are walked on the (rule, time) index, oldest first within each.
 */
export const PRUNE_ALERT_EVENTS = `delete from alert_events where id in (
  select e.id
    from alert_rules r
    left join lateral (
      select a.id from alert_events a
       where a.rule_id = r.id and a.kind <> 'test' and a.created_at < ?
       order by a.created_at desc, a.id desc limit 1) as anchor on true
   cross join lateral (
      select e.id from alert_events e
       where e.rule_id = r.id and e.created_at < ? and e.id is distinct from anchor.id
         and not exists (select 1 from alert_instances i where i.episode_id = e.id)
         and (e.episode_id is null or not exists (
               select 1 from alert_instances i where i.episode_id = e.episode_id and i.state <> 'resolved'))
       order by e.created_at, e.id limit ?) as e
   limit ?)`;

/**
 * One batch of the reports' episode rows (`alert_episodes`) fired before the cutoff (`?` 1), `?` 2
 * rows at most, oldest first: the history they sum up goes with the events above. An episode still
 * open stays, as its events do, so that its resolve still finds it.
 */
export const PRUNE_EPISODES = `delete from alert_episodes where episode_id in (
  select ep.episode_id from alert_episodes ep
   where ep.fired_at < ?
     and not exists (select 1 from alert_instances i where i.episode_id = ep.episode_id and i.state <> 'resolved')
   order by ep.fired_at limit ?)`;

/**
 * One batch of the status timeline's roll-up rows whose period ended by the cutoff (`?` 1), `?` 2
 * and 3 rows at most. They summarise history that is gone; a timeline from the cutoff on never
 * reads them (it reads periods from one period before its start, and takes the state in force from
 * the history's kept events).
 */
export const PRUNE_STATE_PERIODS = `delete from alert_rule_state_periods p
 using (select r.id as rule_id, l.seconds, x.period_start
          from alert_rules r
         cross join unnest(array[${STATE_PERIOD_SECONDS.join(', ')}]) as l(seconds)
         cross join lateral (
           select q.period_start from alert_rule_state_periods q
            where q.rule_id = r.id and q.period_seconds = l.seconds
              and q.period_start <= ?::timestamptz - make_interval(secs => l.seconds)
            order by q.period_start limit ?) as x
         limit ?) as d
 where p.rule_id = d.rule_id and p.period_seconds = d.seconds and p.period_start = d.period_start`;

/** One batch of delivery attempts older than `?` 1, `?` 2 rows at most, oldest first. */
export const PRUNE_DELIVERY_ATTEMPTS = `delete from delivery_attempts where id in (
  select id from delivery_attempts where created_at < ? order by created_at limit ?)`;

/**
 * One batch of notices (shift changes) queued before `?` 1, `?` 2 rows at most: kept as long as the
 * delivery attempts that name them. Their keys name instants the history writer has passed, so a
 * pruned key is never queued again.
 */
export const PRUNE_NOTICES = `delete from notices where id in (
  select id from notices where created_at < ? limit ?)`;

/**
 * One batch of round-robin picks made before `?` 1, `?` 2 rows at most: a pick lets a retried or
 * repeated step page the same person for one alert, so it is kept as long as the delivery attempts
 * of that alert's pages.
 */
export const PRUNE_ROUND_ROBIN_PICKS = `delete from round_robin_picks where (step_key, alert_event_id) in (
  select step_key, alert_event_id from round_robin_picks where created_at < ? limit ?)`;

/**
 * One batch of refresh tokens that expired, or whose session expired or was revoked, before `?` 1
 * (three times), `?` 4 rows at most. Removed before their sessions so that no session delete
 * cascades into thousands of rotated tokens at once.
 */
export const PRUNE_REFRESH_TOKENS = `delete from refresh_tokens where id in (
  select t.id from refresh_tokens t join auth_sessions s on s.id = t.session_id
   where t.expires_at < ? or s.expires_at < ? or s.revoked_at < ? limit ?)`;

/** One batch of sessions that expired or were revoked before `?` 1 (twice), `?` 3 rows at most. */
export const PRUNE_SESSIONS = `delete from auth_sessions where id in (
  select id from auth_sessions where expires_at < ? or revoked_at < ? limit ?)`;

/** One batch of OTP codes that expired before `?` 1, `?` 2 rows at most. */
export const PRUNE_OTP_CODES = `delete from otp_codes where id in (
  select id from otp_codes where expires_at < ? limit ?)`;

/**
 * Claims the run due now (`?` 1 the claim as JSON, `?` 2 now, `?` 3 now minus the interval): a
 * row comes back only to the one replica whose claim found the last run old enough.
 */
export const CLAIM_RUN = `insert into system_settings (key, value, updated_at) values ('retention.lastRun', ?, ?)
  on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
  where system_settings.updated_at <= ?
  returning key`;
