import { Migrator } from '@mikro-orm/migrations';
import { newId } from '@oncall/core';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const BEFORE = 'Migration20261129134952UserIcalFeeds';
/** Each test builds a database from nothing, which takes a while on embedded PGlite. */
const BUILDS_A_DATABASE = 60_000;

/** The move itself, secrets and REST answers included, is tested in apps/server over a real key. */
describe('migration LegacyEndpointDestinations without the encryption key', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  const previousRelease = async (rows: Array<{ type: string; value: string; sealedBotToken?: string }>) => {
    t = await createTestDatabase({ secretBox: undefined, migrated: false });
    const { orm } = t.db;
    await new Migrator(orm.em).up({ to: BEFORE });
    const connection = orm.em.getConnection();
    const owner = newId();
    await connection.execute(
      `insert into users (id, username, name, password_hash, role, created_at, updated_at)
       values (?, 'owner', 'Owner', 'x', 'member', now(), now())`,
      [owner],
    );
    for (const row of rows) {
      await connection.execute(
        `insert into endpoints (id, name, type, value, sealed_bot_token, owner_id, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, now(), now())`,
        [newId(), `${row.type} endpoint`, row.type, row.value, row.sealedBotToken ?? null, owner],
      );
    }
    return orm;
  };

  it(
    'refuses when a secret must be resealed, and changes nothing',
    async () => {
      const orm = await previousRelease([
        { type: 'telegram', value: '-100123', sealedBotToken: 'v1:sealed' },
      ]);
      await expect(migrate(orm)).rejects.toThrow(/encryption key/);
      const [row] = await orm.em
        .getConnection()
        .execute<Array<{ value: string; destination: unknown }>>('select value, destination from endpoints');
      expect(row).toEqual({ value: '-100123', destination: null });
    },
    BUILDS_A_DATABASE,
  );

  it(
    'moves endpoints without secrets with no key needed',
    async () => {
      const orm = await previousRelease([{ type: 'sms', value: '09120000001' }]);
      expect(await migrate(orm)).toContain('Migration20261129161500LegacyEndpointDestinations');
      const [row] = await orm.em
        .getConnection()
        .execute<Array<{ destination: unknown; sealed_destination: string | null }>>(
          'select destination, sealed_destination from endpoints',
        );
      expect(row).toEqual({ destination: { value: '09120000001' }, sealed_destination: null });
    },
    BUILDS_A_DATABASE,
  );
});
