import { User } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEndpoint, seedTeam } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The notify and access tabs of a rule in the original web UI (skylogsio/skylogs,
 * `apps/frontend/src/@types/alertRule.ts`: `IAlertRuleEndpoints`, `IAlertRuleAccess`; read by
 * `components/AlertRule/Notify/AlertRuleNotifyManager.tsx` and `Users/AlertRuleAccessManager.tsx`).
 */
describe('rule sub-resources in the legacy web UI envelopes', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let member: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    member = await h.userWithToken('sub-resources-member', 'member');
  });
  afterAll(() => h.dispose());

  const createRule = async (body: Record<string, unknown>) => {
    const response = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { type: 'api', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id as string;
  };

  it('answers alert-rule-notify/{id} with {alertEndpoints, selectableEndpoints} beside its fields', async () => {
    const attached = await seedEndpoint(h.t, adminId, { name: 'sub-attached' });
    const spare = await seedEndpoint(h.t, adminId, { name: 'sub-spare' });
    const ruleId = await createRule({ name: 'sub-notify', endpointIds: [attached] });
    const body = (await h.call('GET', `/api/v1/alert-rule-notify/${ruleId}`, { token: admin })).json();
    expect(body.alertEndpoints).toEqual([{ id: attached, name: 'sub-attached', type: 'teams' }]);
    expect(body.selectableEndpoints.map((e: { id: string }) => e.id)).toEqual(
      expect.arrayContaining([attached, spare]),
    );
    expect(body).toMatchObject({ id: ruleId, endpointIds: [attached] });
    const added = await h.call('PUT', `/api/v1/alert-rule-notify/${ruleId}`, {
      token: admin,
      body: { endpointIds: [spare] },
    });
    expect(added.json().alertEndpoints).toHaveLength(2);
  });

  it('answers alert-rule-user/{id} with users and teams attached and selectable', async () => {
    const team = await seedTeam(h.t, adminId, [member.id]);
    const otherTeam = await seedTeam(h.t, adminId, []);
    const ruleId = await createRule({ name: 'sub-access', userIds: [member.id], teamIds: [team] });
    const body = (await h.call('GET', `/api/v1/alert-rule-user/${ruleId}`, { token: admin })).json();
    expect(body.alertUsers).toEqual([expect.objectContaining({ id: member.id, name: expect.any(String) })]);
    expect(body.alertTeams).toEqual([expect.objectContaining({ id: team, name: expect.any(String) })]);
    const selectableUserIds = body.selectableUsers.map((u: { id: string }) => u.id);
    expect(selectableUserIds).toContain(member.id);
    // As the original: everyone but the caller.
    expect(selectableUserIds).not.toContain(adminId);
    expect(body.selectableUsers[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        username: expect.any(String),
      }),
    );
    expect(body.selectableTeams.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining([team, otherTeam]),
    );
    expect(body).toMatchObject({ id: ruleId, userIds: [member.id], teamIds: [team] });
    const removed = await h.call('DELETE', `/api/v1/alert-rule-user/${ruleId}/${member.id}`, {
      token: admin,
    });
    expect(removed.json().alertUsers).toEqual([]);
  });
});
