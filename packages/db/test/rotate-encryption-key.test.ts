import { randomBytes } from 'node:crypto';
import { newId, SecretBox } from '@oncall/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSealedValues, KeyRotationError, rotateEncryptionKey } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const OLD = new SecretBox(randomBytes(32));
const NEW = new SecretBox(randomBytes(32));
const RULE_TOKEN = 'ak_rule-token-for-rotation';
const BOT_TOKEN = '123456:bot-token-for-rotation';
const SOURCE_SECRETS = JSON.stringify({ password: 'source-password' });
const PLUGIN_SECRET = 'smtp-password-in-json';

describe('rotateEncryptionKey', () => {
  let t: TestDatabase;
  const ids = { user: newId(), rule: newId(), endpoint: newId(), source: newId(), session: newId() };
  const rows = <T>(sql: string, params: unknown[] = []) =>
    t.db.orm.em.getConnection().execute<T[]>(sql, params);

  beforeAll(async () => {
    t = await createTestDatabase();
    await rows(
      `insert into users (id, username, name, password_hash, role, created_at, updated_at)
       values (?, 'rotation-owner', 'Owner', 'x', 'member', now(), now())`,
      [ids.user],
    );
    await rows(
      `insert into alert_rules (id, name, type, owner_id, settings, token_hash, sealed_token, created_at, updated_at)
       values (?, 'rotated rule', 'api', ?, ?::jsonb, ?, ?, now(), now())`,
      [
        ids.rule,
        ids.user,
        // A plugin's settings may carry a sealed field inside JSON.
        JSON.stringify({ nested: { password: OLD.encrypt(PLUGIN_SECRET) }, plain: 'v1:not-sealed' }),
        OLD.lookupHash(RULE_TOKEN),
        OLD.encrypt(RULE_TOKEN),
      ],
    );
    await rows(
      `insert into endpoints (id, name, type, destination, owner_id, sealed_destination, created_at, updated_at)
       values (?, 'bot', 'telegram', '{"chatId":"-100123"}', ?, ?, now(), now())`,
      [ids.endpoint, ids.user, OLD.encrypt(JSON.stringify({ botToken: BOT_TOKEN }))],
    );
    await rows(
      `insert into data_sources (id, name, type, url, sealed_secrets, created_at, updated_at)
       values (?, 'rotated source', 'elastic', 'https://es.example', ?, now(), now())`,
      [ids.source, OLD.encrypt(SOURCE_SECRETS)],
    );
    await rows(
      `insert into provider_configs (id, kind, name, provider, settings, sealed_secrets, created_at, updated_at)
       values (?, 'sms', 'sms provider', 'kavenegar', '{}'::jsonb, ?, now(), now())`,
      [newId(), OLD.encrypt(JSON.stringify({ apiKey: 'sms-api-key' }))],
    );
    await rows(
      `insert into messenger_proxies (id, name, type, host, port, sealed_password, created_at, updated_at)
       values (?, 'proxy', 'socks5', 'proxy.example', '1080', ?, now(), now())`,
      [newId(), OLD.encrypt('proxy-password')],
    );
    // The cluster setting keeps its source token sealed inside a JSON value.
    await rows(`insert into system_settings (key, value, updated_at) values ('cluster', ?::jsonb, now())`, [
      JSON.stringify({
        type: 'child',
        sourceUrl: 'https://parent.example',
        sealedSourceToken: OLD.encrypt('st'),
      }),
    ]);
    await rows(
      `insert into auth_sessions (id, user_id, created_at, expires_at) values (?, ?, now(), now() + interval '1 day')`,
      [ids.session, ids.user],
    );
    await rows(
      `insert into refresh_tokens (id, session_id, token_hash, created_at, expires_at)
       values (?, ?, ?, now(), now() + interval '1 day')`,
      [newId(), ids.session, OLD.lookupHash('rt_refresh')],
    );
  }, 60_000);
  afterAll(() => t.dispose());

  it('re-encrypts every sealed secret under the new key, re-hashes tokens, drops refresh tokens', async () => {
    const report = await rotateEncryptionKey(t.db.orm, OLD, NEW);
    expect(report).toMatchObject({
      resealed: {
        'alert_rules.sealed_token': 1,
        'alert_rules.settings': 1,
        'endpoints.sealed_destination': 1,
        'data_sources.sealed_secrets': 1,
        'provider_configs.sealed_secrets': 1,
        'messenger_proxies.sealed_password': 1,
        'system_settings.value': 1,
      },
      rehashedTokens: 1,
      droppedRefreshTokens: 1,
    });

    const [rule] = await rows<{
      token_hash: string;
      sealed_token: string;
      settings: { nested: { password: string }; plain: string };
    }>('select token_hash, sealed_token, settings from alert_rules where id = ?', [ids.rule]);
    expect(NEW.decrypt(String(rule?.sealed_token))).toBe(RULE_TOKEN);
    expect(() => OLD.decrypt(String(rule?.sealed_token))).toThrow();
    expect(rule?.token_hash).toBe(NEW.lookupHash(RULE_TOKEN));
    expect(NEW.decrypt(String(rule?.settings.nested.password))).toBe(PLUGIN_SECRET);
    expect(rule?.settings.plain).toBe('v1:not-sealed');
    const [endpoint] = await rows<{ sealed_destination: string }>(
      'select sealed_destination from endpoints where id = ?',
      [ids.endpoint],
    );
    expect(JSON.parse(NEW.decrypt(String(endpoint?.sealed_destination))).botToken).toBe(BOT_TOKEN);
    const [source] = await rows<{ sealed_secrets: string }>(
      'select sealed_secrets from data_sources where id = ?',
      [ids.source],
    );
    expect(NEW.decrypt(String(source?.sealed_secrets))).toBe(SOURCE_SECRETS);
    expect(await rows('select 1 from refresh_tokens')).toHaveLength(0);
    // Read back: every sealed value of every kind opens under the new key and none under the old.
    const underNew = await checkSealedValues(t.db.orm, NEW);
    expect(underNew).toEqual({ opened: 7, failed: {} });
    const underOld = await checkSealedValues(t.db.orm, OLD);
    expect(underOld.opened).toBe(0);
    expect(Object.keys(underOld.failed).sort()).toEqual([
      'alert_rules.sealed_token',
      'alert_rules.settings',
      'data_sources.sealed_secrets',
      'endpoints.sealed_destination',
      'messenger_proxies.sealed_password',
      'provider_configs.sealed_secrets',
      'system_settings.value',
    ]);
  });

  it('run again (an interrupted rotation resumed), it changes nothing', async () => {
    const before = await rows('select sealed_token, token_hash, settings from alert_rules where id = ?', [
      ids.rule,
    ]);
    const report = await rotateEncryptionKey(t.db.orm, OLD, NEW);
    expect(report.resealed).toEqual({});
    expect(
      await rows('select sealed_token, token_hash, settings from alert_rules where id = ?', [ids.rule]),
    ).toEqual(before);
  });

  it('refuses a value sealed under neither key and changes nothing', async () => {
    const stranger = new SecretBox(randomBytes(32));
    await rows('update endpoints set sealed_destination = ? where id = ?', [
      stranger.encrypt('x'),
      ids.endpoint,
    ]);
    const before = await rows('select sealed_token from alert_rules where id = ?', [ids.rule]);
    const third = new SecretBox(randomBytes(32));
    await expect(rotateEncryptionKey(t.db.orm, NEW, third)).rejects.toBeInstanceOf(KeyRotationError);
    expect(await rows('select sealed_token from alert_rules where id = ?', [ids.rule])).toEqual(before);
  });
});
