import { Migrator } from '@mikro-orm/migrations';
import { createCore, newId } from '@oncall/core';
import { openJson } from '@oncall/core/persistence';
import { maskSecret } from '@oncall/core/testing';
import { migrate } from '@oncall/db';
import { createTestDatabase, type TestDatabase } from '@oncall/db/testing';
import type { TestCore } from '@oncall/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHttpApp, createServerTestCore, testAppClient } from './support/test-app';

/** The last migration before endpoints of the first release's types left its columns. */
const BEFORE = 'Migration20261129134952UserIcalFeeds';
const MIGRATION = 'Migration20261129161500LegacyEndpointDestinations';
const BOT_TOKEN = '123456:first-release-bot-token';
const TEAMS_URL = 'https://example.webhook.office.com/webhookb2/moved@tenant/IncomingWebhook/abc/def';
const MATTERMOST_URL = 'https://mattermost.internal.example/hooks/moved-secret-part';
const CREATED = '2026-11-20T08:00:00.000Z';

/**
 * Endpoints of the seven types older than channel plugins, as a release before this migration wrote
 * them (the first release's columns, secrets sealed each in its own), are moved into the one stored
 * shape; their secrets stay sealed and open, and REST answers them as it did before, byte for byte.
 */
describe('migration LegacyEndpointDestinations', () => {
  let t: TestCore;
  let old: TestDatabase;
  let app: FastifyInstance;
  let applied: string[];
  const owner = newId();
  const viewer = newId();
  const ids = {
    sms: newId(),
    call: newId(),
    email: newId(),
    telegram: newId(),
    telegramNoThread: newId(),
    bale: newId(),
    teams: newId(),
    mattermost: newId(),
  };

  beforeAll(async () => {
    t = await createServerTestCore();
    old = await createTestDatabase({ secretBox: t.core.secretBox, migrated: false });
    const { orm } = old.db;
    await new Migrator(orm.em).up({ to: BEFORE });
    const sql = orm.em.getConnection();
    const box = t.core.secretBox;
    const { hasher } = t.deps;
    if (!hasher) throw new Error('the test core has a password hasher');
    for (const [id, username] of [
      [owner, 'keeper'],
      [viewer, 'viewer'],
    ]) {
      await sql.execute(
        `insert into users (id, username, name, password_hash, role, created_at, updated_at)
         values (?, ?, ?, ?, 'member', now(), now())`,
        [id, username, username, await hasher.hash(`${username}-password`)],
      );
    }
    const rows: Array<[string, string, string, string | null, string | null, string | null]> = [
      // id, type, value, thread_id, sealed_bot_token, sealed_value
      [ids.sms, 'sms', '09120000001', null, null, null],
      [ids.call, 'call', '09120000002', null, null, null],
      [ids.email, 'email', 'ops@example.com', null, null, null],
      [ids.telegram, 'telegram', '-1001234567890', '15', box.encrypt(BOT_TOKEN), null],
      [ids.telegramNoThread, 'telegram', '@ops_channel', null, box.encrypt(BOT_TOKEN), null],
      [ids.bale, 'bale', '4001234', null, box.encrypt(BOT_TOKEN), null],
      [ids.teams, 'teams', '', null, null, box.encrypt(TEAMS_URL)],
      [ids.mattermost, 'matter-most', '', null, null, box.encrypt(MATTERMOST_URL)],
    ];
    for (const [id, type, value, threadId, botToken, sealedValue] of rows) {
      await sql.execute(
        `insert into endpoints (id, name, type, value, thread_id, sealed_bot_token, sealed_value, owner_id,
           created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          `${type} ${id.slice(0, 4)}`,
          type,
          value,
          threadId,
          botToken,
          sealedValue,
          owner,
          CREATED,
          CREATED,
        ],
      );
    }
    await sql.execute('insert into endpoint_access_users (endpoint_id, user_id) values (?, ?), (?, ?)', [
      ids.teams,
      viewer,
      ids.telegram,
      viewer,
    ]);
    applied = await migrate(orm);
    app = await buildTestHttpApp(t, createCore({ ...t.deps, orm, prepared: old.db.prepared }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await old?.dispose();
    await t?.dispose();
  });

  const stored = async (id: string) => {
    const [row] = await old.db.orm.em
      .getConnection()
      .execute<Array<{ destination: Record<string, unknown> | null; sealed_destination: string | null }>>(
        'select destination, sealed_destination from endpoints where id = ?',
        [id],
      );
    return {
      destination: row?.destination ?? null,
      secrets: openJson(t.core.secretBox, row?.sealed_destination),
      sealed: row?.sealed_destination ?? null,
      text: JSON.stringify(row),
    };
  };

  it('moves every field into destination and sealed_destination and drops the old columns', async () => {
    expect(applied).toContain(MIGRATION);
    const columns = await old.db.orm.em.getConnection().execute<Array<{ column_name: string }>>(
      `select column_name from information_schema.columns
          where table_name = 'endpoints' and column_name in ('value', 'thread_id', 'sealed_bot_token', 'sealed_value')`,
    );
    expect(columns).toEqual([]);
    for (const [id, value] of [
      [ids.sms, '09120000001'],
      [ids.call, '09120000002'],
      [ids.email, 'ops@example.com'],
    ] as const) {
      expect(await stored(id)).toMatchObject({ destination: { value }, secrets: {} });
    }
    expect(await stored(ids.telegram)).toMatchObject({
      destination: { chatId: '-1001234567890', threadId: '15' },
      secrets: { botToken: BOT_TOKEN },
    });
    expect((await stored(ids.telegramNoThread)).destination).toEqual({ chatId: '@ops_channel' });
    expect(await stored(ids.bale)).toMatchObject({
      destination: { chatId: '4001234' },
      secrets: { botToken: BOT_TOKEN },
    });
    for (const [id, url] of [
      [ids.teams, TEAMS_URL],
      [ids.mattermost, MATTERMOST_URL],
    ] as const) {
      const row = await stored(id);
      expect(row.destination).toEqual({});
      expect(row.secrets).toEqual({ value: url });
      expect(row.text).not.toContain(new URL(url).pathname);
    }
    expect((await stored(ids.telegram)).text).not.toContain('first-release-bot-token');
  });

  it('answers each endpoint on REST as the first release did, byte for byte', async () => {
    const client = testAppClient(t, () => app);
    const keeper = await client.login('keeper', 'keeper-password');
    const other = await client.login('viewer', 'viewer-password');
    const common = (id: string, type: string, accessUserIds: string[] = []) => ({
      id,
      name: `${type} ${id.slice(0, 4)}`,
      userId: owner,
      accessUserIds,
      accessTeamIds: [],
      createdAt: CREATED,
      updatedAt: CREATED,
      type,
    });
    const masked = maskSecret(BOT_TOKEN);
    const expected: Array<[string, string, Record<string, unknown>]> = [
      [keeper.accessToken, ids.sms, { ...common(ids.sms, 'sms'), value: '09120000001' }],
      [keeper.accessToken, ids.call, { ...common(ids.call, 'call'), value: '09120000002' }],
      [keeper.accessToken, ids.email, { ...common(ids.email, 'email'), value: 'ops@example.com' }],
      [
        keeper.accessToken,
        ids.telegram,
        {
          ...common(ids.telegram, 'telegram', [viewer]),
          chatId: '-1001234567890',
          threadId: '15',
          botToken: masked,
        },
      ],
      [
        other.accessToken,
        ids.telegram,
        {
          ...common(ids.telegram, 'telegram', [viewer]),
          chatId: '-1001234567890',
          threadId: '15',
          botToken: masked,
        },
      ],
      [
        keeper.accessToken,
        ids.telegramNoThread,
        {
          ...common(ids.telegramNoThread, 'telegram'),
          chatId: '@ops_channel',
          threadId: null,
          botToken: masked,
        },
      ],
      [keeper.accessToken, ids.bale, { ...common(ids.bale, 'bale'), chatId: '4001234', botToken: masked }],
      // The webhook URL in full to whoever may manage the endpoint, masked to the others.
      [keeper.accessToken, ids.teams, { ...common(ids.teams, 'teams', [viewer]), value: TEAMS_URL }],
      [
        other.accessToken,
        ids.teams,
        { ...common(ids.teams, 'teams', [viewer]), value: maskSecret(TEAMS_URL) },
      ],
      [
        keeper.accessToken,
        ids.mattermost,
        { ...common(ids.mattermost, 'matter-most'), value: MATTERMOST_URL },
      ],
    ];
    for (const [token, id, answer] of expected) {
      const read = await client.call('GET', `/api/v1/endpoint/${id}`, { token });
      expect(read.statusCode, read.body).toBe(200);
      const hasActionAccess = token === keeper.accessToken;
      expect(read.body).toBe(JSON.stringify({ ...answer, hasActionAccess }));
    }
  });

  it('keeps a moved secret as it was sealed when the endpoint is saved unchanged', async () => {
    const client = testAppClient(t, () => app);
    const keeper = await client.login('keeper', 'keeper-password');
    const before = await stored(ids.telegram);
    const saved = await client.call('PUT', `/api/v1/endpoint/${ids.telegram}`, {
      token: keeper.accessToken,
      body: {
        name: `telegram ${ids.telegram.slice(0, 4)}`,
        type: 'telegram',
        chatId: '-1001234567890',
        botToken: maskSecret(BOT_TOKEN),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await stored(ids.telegram);
    expect(after.sealed).toBe(before.sealed);
    expect(after).toMatchObject({
      destination: { chatId: '-1001234567890', threadId: '15' },
      secrets: { botToken: BOT_TOKEN },
    });
  });
});
