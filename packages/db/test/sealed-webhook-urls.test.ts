import { randomBytes } from 'node:crypto';
import { Migrator } from '@mikro-orm/migrations';
import { newId, SecretBox } from '@oncall/core';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const BEFORE = 'Migration20261122141849FiresInOneStatement';
const SEALED = 'Migration20261125105856SealedWebhookUrls';
const TEAMS_URL = 'https://example.webhook.office.com/webhookb2/secret-part@tenant/IncomingWebhook/abc/def';
/** Each test builds a database from nothing, which takes a while on embedded PGlite. */
const BUILDS_A_DATABASE = 60_000;
const MATTERMOST_URL = 'https://mattermost.internal.example/hooks/xj8s7fk3pbdu5bm4fg3f';

describe('migration SealedWebhookUrls', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  /** A database as the previous release left it, holding one endpoint of each kind that matters. */
  const previousRelease = async (box: SecretBox | undefined) => {
    t = await createTestDatabase({ secretBox: box, migrated: false });
    const { orm } = t.db;
    await new Migrator(orm.em).up({ to: BEFORE });
    const connection = orm.em.getConnection();
    const owner = newId();
    await connection.execute(
      `insert into users (id, username, name, password_hash, role, created_at, updated_at)
       values (?, 'owner', 'Owner', 'x', 'member', now(), now())`,
      [owner],
    );
    const ids = { teams: newId(), mattermost: newId(), sms: newId() };
    for (const [id, type, value] of [
      [ids.teams, 'teams', TEAMS_URL],
      [ids.mattermost, 'matter-most', MATTERMOST_URL],
      [ids.sms, 'sms', '09120000001'],
    ]) {
      await connection.execute(
        `insert into endpoints (id, name, type, value, owner_id, created_at, updated_at)
         values (?, ?, ?, ?, ?, now(), now())`,
        [id, `${type} endpoint`, type, value, owner],
      );
    }
    return { orm, ids };
  };

  it(
    'seals existing Teams and Mattermost webhook URLs and leaves other endpoints alone',
    async () => {
      const box = new SecretBox(randomBytes(32));
      const { orm, ids } = await previousRelease(box);
      // Up to this migration only: a later one moves these rows into the one stored shape.
      const applied = await new Migrator(orm.em).up({ to: SEALED });
      expect(applied.map((migration) => migration.name)).toContain(SEALED);

      const rows = await orm.em
        .getConnection()
        .execute<Array<{ id: string; value: string; sealed_value: string | null }>>(
          'select id, value, sealed_value from endpoints',
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, url] of [
        [ids.teams, TEAMS_URL],
        [ids.mattermost, MATTERMOST_URL],
      ] as const) {
        const row = byId.get(id);
        expect(row?.value).toBe('');
        expect(row?.sealed_value).not.toContain('webhook');
        expect(box.decrypt(String(row?.sealed_value))).toBe(url);
      }
      expect(byId.get(ids.sms)).toMatchObject({ value: '09120000001', sealed_value: null });
      expect(JSON.stringify(rows)).not.toContain('secret-part');
    },
    BUILDS_A_DATABASE,
  );

  it(
    'refuses to run without the encryption key when there are URLs to seal, and changes nothing',
    async () => {
      const { orm } = await previousRelease(undefined);
      await expect(migrate(orm)).rejects.toThrow(/encryption key/);
      const columns = await orm.em
        .getConnection()
        .execute(
          `select column_name from information_schema.columns where table_name = 'endpoints' and column_name = 'sealed_value'`,
        );
      expect(columns).toEqual([]);
      const [row] = await orm.em
        .getConnection()
        .execute<Array<{ value: string }>>(`select value from endpoints where type = 'teams'`);
      expect(row?.value).toBe(TEAMS_URL);
    },
    BUILDS_A_DATABASE,
  );
});
