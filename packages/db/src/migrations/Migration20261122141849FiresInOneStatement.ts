import { Migration } from '@mikro-orm/migrations';

export class Migration20261122141849FiresInOneStatement extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "create or replace function \"apply_fires_in_one_statement\"(\"p_fires\" jsonb)\nreturns text[] language plpgsql as $$declare\n  v_pass int;   v_fire record;   v_outcomes text[] := array_fill(null::text, array[jsonb_array_length(p_fires)]); begin\n  /* Batches run one at a time, so one that waits on a lock makes every fire wait: it gives up soon,\n     and its fires are applied one by one, where only the fire behind that lock waits. */\n  perform set_config('lock_timeout', '100ms', true);   /* Two passes: repeats first (nothing opens in the first), then the openings left, so the batch\n     takes no rule lock (an opening's share lock) before the instance locks its repeats need; a\n     full-path fire takes them the other way round, instance then rule. Within a pass, (rule,\n     fingerprint) order. */\n  for v_pass in 1..2 loop\n    for v_fire in\n      select * from jsonb_to_recordset(p_fires) as f(\n        i int, rule_id uuid, fingerprint text, state text, alertname text, instance text,\n        description text, summary text, labels jsonb, details jsonb, kind text, payload jsonb,\n        fired_at timestamptz, unchanged_since timestamptz, may_open boolean, states_as_bad text[],\n        instance_id uuid, event_id uuid)\n      where v_pass = 1 or (f.may_open and v_outcomes[f.i] is null)\n      order by f.rule_id, f.fingerprint, f.i\n    loop\n      v_outcomes[v_fire.i] := apply_fire_in_one_statement(\n        v_fire.rule_id, v_fire.fingerprint, v_fire.state, v_fire.alertname, v_fire.instance,\n        v_fire.description, v_fire.summary, v_fire.labels, v_fire.details, v_fire.kind, v_fire.payload,\n        v_fire.fired_at, v_fire.unchanged_since, v_pass = 2, v_fire.states_as_bad,\n        v_fire.instance_id, v_fire.event_id);     end loop;   end loop;   return v_outcomes; end $$",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists "apply_fires_in_one_statement"(jsonb)');
  }
}
