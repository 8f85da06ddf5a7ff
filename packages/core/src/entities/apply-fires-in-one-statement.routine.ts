import { Routine } from '@mikro-orm/core';

/**
 * `apply_fire_in_one_statement` for a batch of fires in one statement (`FireBatcher` in the core
 * calls it): concurrent fires share one round trip and one commit instead of paying one each. The
 * fires come as a JSON array of objects (`i`, 1-based, is each fire's place in the answer); the
 * answer is the JSON array of the single function's answers in that order. `p_may_page` is passed
 * on: the caller's statement queues the pages of the openings that answer with targets.
 *
 * Repeats are applied before openings, each pass in (rule, fingerprint) order: locks are taken in
 * one order, and fires of one instance keep their arrival order (a repeat that arrived after the
 * fire opening its instance is a repeat in the second pass). The whole batch is one transaction: if
 * any fire fails, nothing of the batch is written and the caller applies each fire on its own. That
 * includes a lock not had within 100 ms (`lock_timeout`, for this statement only).
 *
 * Declared by `expression` like `apply_fire_in_one_statement`: a change of body needs a migration of
 * its own.
 */
export const ApplyFiresInOneStatement = new Routine({
  name: 'apply_fires_in_one_statement',
  type: 'function',
  language: 'plpgsql',
  params: {
    p_fires: { type: 'jsonb' },
    p_may_page: { type: 'boolean' },
  },
  returns: { runtimeType: 'object', columnType: 'jsonb' },
  expression: `create or replace function "apply_fires_in_one_statement"("p_fires" jsonb, "p_may_page" boolean)
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
end $$`,
});
