import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/**
 * The one-statement fire functions look an instance up by (rule, fingerprint) in PL/pgSQL, whose
 * plans are cached per connection and turn generic after a few calls, often while the table is
 * still small and its statistics say nothing. Another index that leads with the rule ties with the
 * unique one on such a plan, and the planner may keep the wrong one for good: every fire then walks
 * all of the rule's instances (seen in the paging benchmark: hundreds of rows per lookup, growing
 * with every instance).
 */
describe('the instance lookup by (rule, fingerprint)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.dispose());

  it('takes the unique index as a generic plan while the table has no statistics', async () => {
    const plan = await t.db.orm.em.fork().transactional(async (tx) => {
      const run = (sql: string) => tx.getConnection().execute(sql, [], 'all', tx.getTransactionContext());
      // Instances of one rule with fingerprints as long as real ones (SHA-256 hex), never analysed:
      // the rule need not exist for this, so foreign keys are off for the transaction.
      await run('set local session_replication_role = replica');
      await run(
        `insert into alert_instances (id, rule_id, fingerprint, instance, state, episode_id, fired_at, last_seen_at)
         select gen_random_uuid(), '00000000-0000-7000-8000-000000000001', encode(sha256(g::text::bytea), 'hex'),
                'i' || g, 'critical', gen_random_uuid(), now(), now()
           from generate_series(1, 300) g`,
      );
      await run('set local plan_cache_mode = force_generic_plan');
      await run(
        'prepare instance_lookup(uuid, text) as select id, state from alert_instances where rule_id = $1 and fingerprint = $2',
      );
      try {
        const rows = await run(
          `explain (format json) execute instance_lookup('00000000-0000-7000-8000-000000000001', 'fp')`,
        );
        return (rows as { 'QUERY PLAN': [{ Plan: PlanNode }] }[])[0]?.['QUERY PLAN'][0].Plan;
      } finally {
        await run('deallocate instance_lookup');
      }
    });
    expect(plan && indexesOf(plan)).toEqual(['alert_instances_rule_fingerprint']);
  });
});
