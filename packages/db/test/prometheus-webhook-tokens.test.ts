import { randomBytes } from 'node:crypto';
import { Migrator } from '@mikro-orm/migrations';
import { newId, SecretBox } from '@oncall/core';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const BEFORE = 'Migration20261126110500DataSourceTypeFromPlugins';
const MIGRATION = 'Migration20261126110600PrometheusWebhookTokens';
/** Each test builds a database from nothing, which takes a while on embedded PGlite. */
const BUILDS_A_DATABASE = 60_000;

interface Row {
  id: string;
  type: string;
  token_hash: string | null;
  sealed_token: string | null;
}

describe('migration PrometheusWebhookTokens', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  /** Data sources as the previous release left them: prometheus ones without a webhook token. */
  const previousRelease = async (box: SecretBox | undefined) => {
    t = await createTestDatabase({ secretBox: box, migrated: false });
    const { orm } = t.db;
    await new Migrator(orm.em).up({ to: BEFORE });
    const ids = { prometheus: newId(), grafana: newId(), elastic: newId() };
    for (const [id, type, tokenHash] of [
      [ids.prometheus, 'prometheus', null],
      [ids.grafana, 'grafana', 'grafana-hash'],
      [ids.elastic, 'elastic', null],
    ]) {
      await orm.em.getConnection().execute(
        `insert into data_sources (id, name, type, url, token_hash, sealed_token, created_at, updated_at)
         values (?, ?, ?, 'http://monitoring.internal', ?, ?, now(), now())`,
        [id, `${type} source`, type, tokenHash, tokenHash && `sealed-${tokenHash}`],
      );
    }
    return { orm, ids };
  };

  const rows = async (orm: NonNullable<TestDatabase>['db']['orm']) =>
    new Map(
      (
        await orm.em
          .getConnection()
          .execute<Row[]>('select id, type, token_hash, sealed_token from data_sources')
      ).map((row) => [row.id, row]),
    );

  it(
    'gives every prometheus data source a webhook token, now that its plugin takes webhooks, and leaves the others',
    async () => {
      const box = new SecretBox(randomBytes(32));
      const { orm, ids } = await previousRelease(box);
      expect(await migrate(orm)).toContain(MIGRATION);
      const byId = await rows(orm);
      const prometheus = byId.get(ids.prometheus);
      const token = box.decrypt(String(prometheus?.sealed_token));
      expect(token).toMatch(/^ds_[A-Za-z0-9_-]{43}$/);
      expect(prometheus?.token_hash).toBe(box.lookupHash(token));
      expect(byId.get(ids.grafana)).toMatchObject({
        token_hash: 'grafana-hash',
        sealed_token: 'sealed-grafana-hash',
      });
      expect(byId.get(ids.elastic)).toMatchObject({ token_hash: null, sealed_token: null });
    },
    BUILDS_A_DATABASE,
  );

  it(
    'refuses to run without the encryption key when there are tokens to issue, and changes nothing',
    async () => {
      const { orm, ids } = await previousRelease(undefined);
      await expect(migrate(orm)).rejects.toThrow(/encryption key/);
      expect((await rows(orm)).get(ids.prometheus)).toMatchObject({ token_hash: null, sealed_token: null });
    },
    BUILDS_A_DATABASE,
  );
});
