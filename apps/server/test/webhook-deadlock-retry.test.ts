import { readFileSync } from 'node:fs';
import { AlertEvent, AlertInstance } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWebhookRule } from './support/seed-data-source';
import { createTestApp, type TestApp } from './support/test-app';

const firingBatch: unknown = JSON.parse(
  readFileSync(
    new URL('../../../plugins/source-grafana/fixtures/firing-batch.json', import.meta.url),
    'utf8',
  ),
);

describe('webhook deadlock victims', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(() => h.dispose());

  const run = (sql: string) => h.t.core.orm.em.fork().getConnection().execute(sql, [], 'run');

  it('applies a payload again when PostgreSQL rolls its transaction back as a deadlock victim', async () => {
    const { ruleId, token } = await seedWebhookRule(h.t, 'grafana', { queryType: 'dynamic' });
    // A sequence is not rolled back with the transaction, so only the first transaction is the victim.
    await run(`create sequence webhook_victims`);
    await run(`create function fail_first_transaction() returns trigger language plpgsql as $$
      begin
        if nextval('webhook_victims') = 1 then
          raise exception 'deadlock detected' using errcode = '40P01';
        end if;
        return new;
      end $$`);
    await run(`create trigger fail_first_transaction before insert on alert_events
      for each row execute function fail_first_transaction()`);
    try {
      const response = await h.call('POST', `/api/v1/grafana-alert/${token}`, { body: firingBatch });
      expect(response.statusCode).toBe(200);
      // Matches of the rolled-back attempt are not counted twice.
      expect(response.json()).toEqual({ status: true, alerts: 2, matched: 2 });
      const em = h.t.core.orm.em.fork();
      expect((await em.find(AlertInstance, { rule: ruleId })).map((i) => i.state)).toEqual([
        'critical',
        'critical',
      ]);
      expect((await em.find(AlertEvent, { rule: ruleId })).map((e) => e.kind)).toEqual(['fired', 'fired']);
    } finally {
      await run('drop trigger fail_first_transaction on alert_events');
    }
  });
});
