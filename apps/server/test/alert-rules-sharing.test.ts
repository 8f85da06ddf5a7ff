import { AlertRule } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoint, seedTeam } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe('alert rule tokens, tags, notify targets, sharing and ownership', () => {
  let h: TestApp;
  let admin: string;
  let manager: { id: string; token: string };
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };
  let counter = 0;

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    manager = await h.userWithToken('sharing-manager', 'manager');
    alice = await h.userWithToken('sharing-alice', 'member');
    bob = await h.userWithToken('sharing-bob', 'member');
    carol = await h.userWithToken('sharing-carol', 'member');
  });
  afterAll(() => h.dispose());

  /** A rule of alice's, shared with bob. */
  const aliceRule = async (extra: Record<string, unknown> = {}) => {
    counter += 1;
    const response = await h.call('POST', '/api/v1/alert-rule', {
      token: alice.token,
      body: { type: 'api', name: `shared rule ${counter}`, userIds: [bob.id], ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; apiToken?: string; name: string };
  };
  const get = (id: string, token: string) => h.call('GET', `/api/v1/alert-rule/${id}`, { token });

  describe('ingestion token', () => {
    it('is shown to the rule admins only and stored as a keyed hash and a sealed copy', async () => {
      const rule = await aliceRule();
      const token = rule.apiToken ?? '';
      expect(token).toMatch(/^ak_/);
      for (const viewer of [admin, manager.token, alice.token]) {
        expect((await get(rule.id, viewer)).json().apiToken).toBe(token);
      }
      expect((await get(rule.id, bob.token)).json()).not.toHaveProperty('apiToken');
      const listed = (
        await h.call('GET', `/api/v1/alert-rule?alertname=${rule.name}`, { token: bob.token })
      ).json();
      expect(listed.data[0]).not.toHaveProperty('apiToken');

      const stored = await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: rule.id });
      expect(stored.tokenHash).toBe(h.t.core.secretBox.lookupHash(token));
      expect(stored.sealedToken).not.toContain(token);
      expect(JSON.stringify(stored.settings)).not.toContain(token);
    });

    it('is issued per rule, and only for api and notification rules', async () => {
      const one = await aliceRule();
      const two = await aliceRule({ type: 'notification' });
      expect(two.apiToken).toMatch(/^ak_/);
      expect(two.apiToken).not.toBe(one.apiToken);
      const sentry = await h.call('POST', '/api/v1/alert-rule', {
        token: alice.token,
        body: { type: 'prometheus', name: 'no token', queryType: 'textQuery', queryText: 'up' },
      });
      const stored = await h.t.core.orm.em.fork().findOneOrFail(AlertRule, { id: sentry.json().id });
      expect(stored.tokenHash).toBeNull();
      expect(stored.sealedToken).toBeNull();
    });
  });

  describe('tags', () => {
    it('replaces a rule’s tags for admins; others are refused', async () => {
      const rule = await aliceRule({ tags: ['one'] });
      const put = await h.call('PUT', `/api/v1/alert-rule-tag/${rule.id}`, {
        token: alice.token,
        body: { tags: ['two', 'three', 'two'] },
      });
      expect(put.json()).toEqual({ id: rule.id, tags: ['two', 'three'] });
      expect((await h.call('GET', `/api/v1/alert-rule-tag/${rule.id}`, { token: bob.token })).json()).toEqual(
        {
          id: rule.id,
          tags: ['two', 'three'],
        },
      );
      expect(
        (await h.call('PUT', `/api/v1/alert-rule-tag/${rule.id}`, { token: bob.token, body: { tags: [] } }))
          .statusCode,
      ).toBe(403);
      expect((await h.call('GET', `/api/v1/alert-rule-tag/${UNKNOWN_ID}`, { token: admin })).statusCode).toBe(
        404,
      );
      const bad = await h.call('PUT', `/api/v1/alert-rule-tag/${rule.id}`, {
        token: alice.token,
        body: { tags: 'x' },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['tags']);
    });
  });

  describe('notify targets', () => {
    it('lets admins attach endpoints they can see, and shared users only their own', async () => {
      const rule = await aliceRule();
      const aliceEndpoint = await seedEndpoint(h.t, alice.id, { name: 'a-alice', accessUserIds: [bob.id] });
      const carolShared = await seedEndpoint(h.t, carol.id, { name: 'b-carol', accessUserIds: [alice.id] });
      const carolPrivate = await seedEndpoint(h.t, carol.id, { name: 'c-carol' });
      const bobEndpoint = await seedEndpoint(h.t, bob.id, { name: 'd-bob' });

      const asAlice = await h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, {
        token: alice.token,
        body: { endpointIds: [aliceEndpoint, carolShared] },
      });
      expect(asAlice.json()).toMatchObject({ endpointIds: [aliceEndpoint, carolShared] });
      expect(asAlice.json().selectable.map((e: { id: string }) => e.id)).toEqual([
        aliceEndpoint,
        carolShared,
      ]);
      const invisible = await h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, {
        token: alice.token,
        body: { endpointIds: [carolPrivate] },
      });
      expect(invisible.statusCode).toBe(422);
      expect(invisible.json().errors).toEqual({ 'endpointIds.0': ['The selected endpoint is invalid.'] });

      const notMine = await h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, {
        token: bob.token,
        body: { endpointIds: [bobEndpoint, aliceEndpoint] },
      });
      expect(notMine.statusCode).toBe(422);
      expect(Object.keys(notMine.json().errors)).toEqual(['endpointIds.1']);
      const asBob = await h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, {
        token: bob.token,
        body: { endpointIds: [bobEndpoint] },
      });
      expect(asBob.json().endpointIds).toEqual([aliceEndpoint, carolShared, bobEndpoint]);
      expect(asBob.json().selectable.map((e: { id: string }) => e.id)).toEqual([bobEndpoint]);

      // An admin's update may keep an endpoint it cannot see, because it is already on the rule.
      const kept = await h.call('PUT', `/api/v1/alert-rule/${rule.id}`, {
        token: alice.token,
        body: { endpointIds: [aliceEndpoint, bobEndpoint] },
      });
      expect(kept.statusCode, kept.body).toBe(200);

      expect(
        (
          await h.call('DELETE', `/api/v1/alert-rule-notify/${rule.id}/${aliceEndpoint}`, {
            token: bob.token,
          })
        ).statusCode,
      ).toBe(403);
      const removed = await h.call('DELETE', `/api/v1/alert-rule-notify/${rule.id}/${bobEndpoint}`, {
        token: bob.token,
      });
      expect(removed.json().endpointIds).toEqual([aliceEndpoint]);
      expect(
        (
          await h.call('DELETE', `/api/v1/alert-rule-notify/${rule.id}/${bobEndpoint}`, {
            token: alice.token,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('adds endpoints to several rules at once', async () => {
      const one = await aliceRule();
      const two = await aliceRule();
      const endpoint = await seedEndpoint(h.t, alice.id);
      const body = { alertIds: [one.id, two.id], endpoints: [endpoint] };
      const first = await h.call('PUT', '/api/v1/alert-rule-notify/batchAlert', { token: alice.token, body });
      expect(first.json()).toEqual({ status: true, rules: 2, added: 2 });
      const again = await h.call('PUT', '/api/v1/alert-rule-notify/batchAlert', { token: alice.token, body });
      expect(again.json()).toEqual({ status: true, rules: 2, added: 0 });
      expect((await get(two.id, alice.token)).json().endpointIds).toEqual([endpoint]);
      const options = (
        await h.call('GET', '/api/v1/alert-rule-notify/batchAlert', { token: alice.token })
      ).json();
      expect(options.map((e: { id: string }) => e.id)).toContain(endpoint);
      const empty = await h.call('PUT', '/api/v1/alert-rule-notify/batchAlert', {
        token: alice.token,
        body: { alertIds: [], endpoints: [] },
      });
      expect(Object.keys(empty.json().errors).sort()).toEqual(['alertIds', 'endpoints']);
    });
  });

  describe('users and teams', () => {
    it('adds users and teams, removes either by id, and lets a shared user leave', async () => {
      const rule = await aliceRule();
      const team = await seedTeam(h.t, carol.id, [carol.id]);
      const added = await h.call('PUT', `/api/v1/alert-rule-user/${rule.id}`, {
        token: alice.token,
        body: { userIds: [carol.id], teamIds: [team] },
      });
      expect(added.json()).toMatchObject({ id: rule.id, userId: alice.id, teamIds: [team] });
      expect(added.json().userIds.sort()).toEqual([bob.id, carol.id].sort());
      const unknown = await h.call('PUT', `/api/v1/alert-rule-user/${rule.id}`, {
        token: alice.token,
        body: { userIds: [UNKNOWN_ID] },
      });
      expect(unknown.json().errors).toEqual({ 'userIds.0': ['The selected user is invalid.'] });

      const withoutTeam = await h.call('DELETE', `/api/v1/alert-rule-user/${rule.id}/${team}`, {
        token: alice.token,
      });
      expect(withoutTeam.json().teamIds).toEqual([]);
      expect(
        (await h.call('DELETE', `/api/v1/alert-rule-user/${rule.id}/${team}`, { token: alice.token }))
          .statusCode,
      ).toBe(404);
      expect(
        (await h.call('DELETE', `/api/v1/alert-rule-user/${rule.id}/${carol.id}`, { token: bob.token }))
          .statusCode,
      ).toBe(403);
      const left = await h.call('DELETE', `/api/v1/alert-rule-user/${rule.id}/${bob.id}`, {
        token: bob.token,
      });
      expect(left.statusCode).toBe(200);
      expect((await get(rule.id, bob.token)).statusCode).toBe(404);
    });

    it('on delete, a shared user only leaves the rule with its own endpoints', async () => {
      const bobEndpoint = await seedEndpoint(h.t, bob.id);
      const aliceEndpoint = await seedEndpoint(h.t, alice.id);
      const rule = await aliceRule({ endpointIds: [aliceEndpoint] });
      await h.call('PUT', `/api/v1/alert-rule-notify/${rule.id}`, {
        token: bob.token,
        body: { endpointIds: [bobEndpoint] },
      });
      await h.call('POST', `/api/v1/alert-rule/silent/${rule.id}`, { token: bob.token });
      const left = await h.call('DELETE', `/api/v1/alert-rule/${rule.id}`, { token: bob.token });
      expect(left.json()).toMatchObject({ status: true, outcome: 'accessRemoved' });
      expect((await get(rule.id, bob.token)).statusCode).toBe(404);
      const after = (await get(rule.id, alice.token)).json();
      expect(after).toMatchObject({ userIds: [], endpointIds: [aliceEndpoint] });
    });
  });

  describe('pin and silence', () => {
    it('pins globally and silences per user', async () => {
      const rule = await aliceRule();
      const pinned = await h.call('POST', `/api/v1/alert-rule/pin/${rule.id}`, { token: bob.token });
      expect(pinned.json().pinned).toBe(true);
      expect((await get(rule.id, alice.token)).json().pinned).toBe(true);
      const silenced = await h.call('POST', `/api/v1/alert-rule/silent/${rule.id}`, { token: bob.token });
      expect(silenced.json().silentStatus).toBe('silent');
      expect((await get(rule.id, alice.token)).json().silentStatus).toBe('active');
      const back = await h.call('POST', `/api/v1/alert-rule/silent/${rule.id}`, { token: bob.token });
      expect(back.json().silentStatus).toBe('active');
      expect(
        (await h.call('POST', `/api/v1/alert-rule/pin/${rule.id}`, { token: alice.token })).json().pinned,
      ).toBe(false);
    });
  });

  describe('ownership', () => {
    it('moves rules on changeOwner and to the system admin when the owner is deleted', async () => {
      const leaver = await h.userWithToken('sharing-leaver', 'member');
      const heir = await h.userWithToken('sharing-heir', 'member');
      const ids: string[] = [];
      for (const name of ['leaver one', 'leaver two']) {
        const response = await h.call('POST', '/api/v1/alert-rule', {
          token: leaver.token,
          body: { type: 'notification', name },
        });
        ids.push(response.json().id);
      }
      const moved = await h.call('POST', '/api/v1/user/changeOwner', {
        token: admin,
        body: { fromUser: leaver.id, toUser: heir.id },
      });
      expect(moved.json()).toMatchObject({ status: true, moved: { alertRules: 2 } });
      for (const id of ids) {
        const rule = (await get(id, heir.token)).json();
        expect(rule.userId).toBe(heir.id);
        expect(rule.apiToken).toMatch(/^ak_/);
        expect((await get(id, leaver.token)).statusCode).toBe(404);
      }

      expect((await h.call('DELETE', `/api/v1/user/${heir.id}`, { token: admin })).statusCode).toBe(200);
      const adminId = (await h.call('POST', '/api/v1/auth/me', { token: admin })).json().id;
      for (const id of ids) expect((await get(id, admin)).json().userId).toBe(adminId);
    });
  });
});
