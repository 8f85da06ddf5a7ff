import { Migration } from '@mikro-orm/migrations';

/**
 * A new instance whose opening pages (a rule already at least as bad, no behavior rules) is opened
 * by the one-statement functions too, when the caller says it queues the pages in the same
 * statement (`p_may_page`): the answer then carries the opening's targets and the rule's message
 * facts, and the caller's statement writes the dispatch jobs from them, so the opening and its pages
 * commit together with no transaction around them. The answers become JSON. The old signatures are
 * dropped: a second overload would only be a trap.
 */
export class Migration20261127010000PagingOpeningsInOneStatement extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop function if exists "apply_fires_in_one_statement"(jsonb)');
    this.addSql(`drop function if exists "apply_fire_in_one_statement"(
  uuid, text, text, text, text, text, text, jsonb, jsonb, text, jsonb, timestamptz, timestamptz, boolean, text[],
  uuid, uuid)`);
    this.addSql(`create or replace function "apply_fire_in_one_statement"(
  "p_rule_id" uuid, "p_fingerprint" text, "p_state" text, "p_alertname" text, "p_instance" text,
  "p_description" text, "p_summary" text, "p_labels" jsonb, "p_details" jsonb, "p_kind" text, "p_payload" jsonb,
  "p_now" timestamptz, "p_unchanged_since" timestamptz, "p_may_open" boolean, "p_states_as_bad" text[],
  "p_instance_id" uuid, "p_event_id" uuid, "p_may_page" boolean)
returns jsonb language plpgsql as $$
declare
  v_instance record;
  v_rule record;
  v_targets jsonb;
begin
  /* By the unique (rule, fingerprint) alone: with the state in the condition the planner may walk
     every firing instance of the rule on its (rule, state) index. */
  select id, state, last_seen_at, description into v_instance
    from alert_instances where rule_id = p_rule_id and fingerprint = p_fingerprint;
  if found then
    if v_instance.state <> p_state then return null; end if;
    /* An identical repeat within the interval writes nothing: the answer is a read. */
    if v_instance.last_seen_at >= p_unchanged_since
       and v_instance.description is not distinct from coalesce(p_description, v_instance.description) then
      return '"repeated"';
    end if;
    /* The state is tested again on the row as committed when the lock is had: a resolve that won
       the race leaves nothing to write, and the fire takes the full path. */
    update alert_instances
       set last_seen_at = greatest(last_seen_at, p_now), description = coalesce(p_description, description)
     where id = v_instance.id and state = p_state;
    if found then return '"repeated"'; end if;
    return null;
  end if;
  if not p_may_open then return null; end if;
  /* Share-locked as syncRuleState does when the rule's state stands; a row filtered out is not
     locked, and the condition is checked again on the version a concurrent change left. */
  select r.state, r.name, r.type, r.show_acknowledge_btn into v_rule from alert_rules r
   where r.id = p_rule_id and r.state = any(p_states_as_bad)
     /* A rule with behavior rules may page endpoints besides its own: the full path decides. */
     and not r.has_behavior_rules
     for share of r;
  if not found then return null; end if;
  /* NOTIFY_TARGETS_SQL: the attached endpoints, less those whose owner silenced the rule. */
  select coalesce(jsonb_agg(e.id order by e.id), '[]') into v_targets
    from alert_rule_endpoints re join endpoints e on e.id = re.endpoint_id
   where re.alert_rule_id = p_rule_id
     and not exists (select 1 from alert_rule_silences s
                      where s.alert_rule_id = re.alert_rule_id and s.user_id = e.owner_id);
  /* Pages are queued by the caller's statement around this call, when it has an outbox there. */
  if jsonb_array_length(v_targets) > 0 and not p_may_page then return null; end if;
  insert into alert_instances
    (id, rule_id, fingerprint, alertname, instance, state, description, summary, labels, details,
     episode_id, fired_at, last_seen_at)
  values (p_instance_id, p_rule_id, p_fingerprint, p_alertname, p_instance, p_state, p_description,
          p_summary, p_labels, p_details, p_event_id, p_now, p_now)
  on conflict (rule_id, fingerprint) do nothing;
  /* A concurrent first fire created it: that fire opens the episode, this one is a repeat. */
  if not found then return null; end if;
  insert into alert_events
    (id, rule_id, instance_id, episode_id, kind, state, rule_state, alertname, instance, description,
     actor_id, payload, created_at)
  values (p_event_id, p_rule_id, p_instance_id, p_event_id, p_kind, p_state, v_rule.state, p_alertname,
          p_instance, p_description, null, p_payload, p_now);
  if jsonb_array_length(v_targets) = 0 then return '"opened"'; end if;
  return jsonb_build_object(
    'event_id', p_event_id, 'targets', v_targets, 'rule_state', v_rule.state, 'rule_name', v_rule.name,
    'rule_type', v_rule.type, 'show_acknowledge_btn', v_rule.show_acknowledge_btn);
end $$`);
    this.addSql(`create or replace function "apply_fires_in_one_statement"("p_fires" jsonb, "p_may_page" boolean)
returns jsonb language plpgsql as $$
declare
  v_pass int;
  v_fire record;
  v_outcomes jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p_fires)]);
begin
  /* Batches run one at a time, so one that waits on a lock makes every fire wait: it gives up soon,
     and its fires are applied one by one, where only the fire behind that lock waits. */
  perform set_config('lock_timeout', '100ms', true);
  /* Two passes: repeats first (nothing opens in the first), then the openings left, so the batch
     takes no rule lock (an opening's share lock) before the instance locks its repeats need; a
     full-path fire takes them the other way round, instance then rule. Within a pass, (rule,
     fingerprint) order. */
  for v_pass in 1..2 loop
    for v_fire in
      select * from jsonb_to_recordset(p_fires) as f(
        i int, rule_id uuid, fingerprint text, state text, alertname text, instance text,
        description text, summary text, labels jsonb, details jsonb, kind text, payload jsonb,
        fired_at timestamptz, unchanged_since timestamptz, may_open boolean, states_as_bad text[],
        instance_id uuid, event_id uuid)
      where v_pass = 1 or (f.may_open and v_outcomes[f.i] is null)
      order by f.rule_id, f.fingerprint, f.i
    loop
      v_outcomes[v_fire.i] := apply_fire_in_one_statement(
        v_fire.rule_id, v_fire.fingerprint, v_fire.state, v_fire.alertname, v_fire.instance,
        v_fire.description, v_fire.summary, v_fire.labels, v_fire.details, v_fire.kind, v_fire.payload,
        v_fire.fired_at, v_fire.unchanged_since, v_pass = 2, v_fire.states_as_bad,
        v_fire.instance_id, v_fire.event_id, p_may_page);
    end loop;
  end loop;
  return to_jsonb(v_outcomes);
end $$`);
  }
}
