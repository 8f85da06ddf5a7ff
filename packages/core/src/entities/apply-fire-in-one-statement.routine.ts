import { Routine } from '@mikro-orm/core';

/**
 * The ingestion hot path as a database function (`fire-in-one-statement.ts` in the core calls it),
 * so the database plans its statements once per connection instead of on every fire: as text with
 * the values inline, the plan cost several times the statements' run time. One call is one
 * statement, so it commits atomically. It applies a repeat of an instance already firing in that
 * state (answer `"repeated"`), and the opening of a new instance on a rule already at least as bad
 * with no behavior rules: `"opened"` when it pages nobody; when it pages and the caller queues the
 * pages in the same statement (`p_may_page`), an object with the event id, the targets and the
 * rule's message facts. For anything else it writes nothing and answers null, and the caller takes
 * the transactional path.
 *
 * Declared by `expression` (PL/pgSQL needs its `declare` block), so the schema diff compares only the
 * name, parameters and return type: a change of body needs a migration of its own (`create or replace`).
 * Its targets are `NOTIFY_TARGETS_SQL` (attached endpoints, less their owners' silences, and the
 * rule's schedule targets; body last replaced by `Migration20261129131749RuleScheduleTargets`), and a rule
 * with behavior rules (which may route to more endpoints) is left to the full path: a change there
 * must be made here too.
 */
export const ApplyFireInOneStatement = new Routine({
  name: 'apply_fire_in_one_statement',
  type: 'function',
  language: 'plpgsql',
  params: {
    p_rule_id: { type: 'uuid' },
    p_fingerprint: { type: 'text' },
    p_state: { type: 'text' },
    p_alertname: { type: 'text' },
    p_instance: { type: 'text' },
    p_description: { type: 'text' },
    p_summary: { type: 'text' },
    p_labels: { type: 'jsonb' },
    p_details: { type: 'jsonb' },
    p_kind: { type: 'text' },
    p_payload: { type: 'jsonb' },
    p_now: { type: 'timestamptz' },
    p_unchanged_since: { type: 'timestamptz' },
    p_may_open: { type: 'boolean' },
    p_states_as_bad: { type: 'text[]' },
    p_instance_id: { type: 'uuid' },
    p_event_id: { type: 'uuid' },
    p_may_page: { type: 'boolean' },
  },
  returns: { runtimeType: 'object', columnType: 'jsonb' },
  expression: `create or replace function "apply_fire_in_one_statement"(
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
  /* NOTIFY_TARGETS_SQL: the attached endpoints, less those whose owner silenced the rule, and the
     rule's schedule targets. */
  select coalesce(jsonb_agg(t.id order by t.id), '[]') into v_targets
    from (select e.id from alert_rule_endpoints re join endpoints e on e.id = re.endpoint_id
           where re.alert_rule_id = p_rule_id
             and not exists (select 1 from alert_rule_silences s
                              where s.alert_rule_id = re.alert_rule_id and s.user_id = e.owner_id)
          union all
          select st.id from alert_rule_schedule_targets st where st.alert_rule_id = p_rule_id) t;
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
end $$`,
});
