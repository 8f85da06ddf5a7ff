import { User } from '@oncall/core/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataSource, seedEndpoint } from './support/alert-rule-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The fields the original web UI reads from a rule in the list and on its page (skylogsio/skylogs,
 * `apps/frontend/src/@types/alertRule.ts`, `IAlertRule`; `app/[locale]/alert-rule/page.tsx` and
 * `alert-rule/[alertId]/page.tsx`): `status_label`, `count_endpoints`, `isPinned`, `is_silent`,
 * `hasActionAccess`, `acknowledgedBy`, `ownerName`, `dataSourceLabels`, `autoResolveMinutes`.
 */
describe('alert-rule list and read in the legacy web UI shape', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let member: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp({ ingestPerTokenPerMinute: 100_000 });
    admin = await h.adminToken();
    adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    member = await h.userWithToken('legacy-fields-member', 'member');
  });
  afterAll(() => h.dispose());

  const create = async (body: Record<string, unknown>) => {
    const response = await h.call('POST', '/api/v1/alert-rule', { token: admin, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; apiToken?: string };
  };
  const read = async (id: string, token = admin) => {
    const response = await h.call('GET', `/api/v1/alert-rule/${id}`, { token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const listed = async (name: string, token = admin) => {
    const response = await h.call('GET', `/api/v1/alert-rule?alertname=${name}`, { token });
    expect(response.statusCode).toBe(200);
    return response.json().data[0];
  };

  it('shows state, endpoints, pin, silence, access and owner as the UI reads them', async () => {
    const mine = await seedEndpoint(h.t, adminId);
    const shared = await seedEndpoint(h.t, adminId, { accessUserIds: [member.id] });
    const rule = await create({
      name: 'legacy-fields-api',
      type: 'api',
      endpointIds: [mine, shared],
      userIds: [member.id],
      enableAutoResolve: false,
    });
    await h.call('POST', `/api/v1/alert-rule/pin/${rule.id}`, { token: admin });
    await h.call('POST', `/api/v1/alert-rule/silent/${rule.id}`, { token: admin });
    for (const view of [await read(rule.id), await listed('legacy-fields-api')]) {
      expect(view).toMatchObject({
        status_label: view.state,
        count_endpoints: 2,
        isPinned: true,
        is_silent: true,
        hasActionAccess: true,
        acknowledgedBy: null,
        ownerName: view.owner.name,
        autoResolveMinutes: 0,
        enableAutoResolve: false,
      });
      // The fields clients already read stay.
      expect(view).toMatchObject({ pinned: true, silentStatus: 'silent' });
    }
    // A shared member: no admin actions, only the endpoints it may see counted, its own silence.
    for (const view of [await read(rule.id, member.token), await listed('legacy-fields-api', member.token)]) {
      expect(view).toMatchObject({ hasActionAccess: false, count_endpoints: 1, is_silent: false });
    }
  });

  it('answers a rule created without a description with an empty one, as every rule form requires a string', async () => {
    // `ClientAPIForm.tsx`, `GeneralAlertRuleForm.tsx`, `NotificationForm.tsx`, `SentryForm.tsx` and
    // `ZabbixForm.tsx` validate `description` as a string: a null one blocks Update on the form.
    const rule = await create({ name: 'legacy-fields-no-description', type: 'api' });
    expect((await read(rule.id)).description).toBe('');
    expect((await listed('legacy-fields-no-description')).description).toBe('');
  });

  it('names who acknowledged the firing rule, and forgets it when it fires again', async () => {
    const rule = await create({ name: 'legacy-fields-ack', type: 'api' });
    const fire = (instance: string) =>
      h.call('POST', '/api/v1/fire-alert', {
        token: rule.apiToken,
        body: { alertname: 'cpu', instance },
      });
    expect((await fire('a')).statusCode).toBe(200);
    expect((await read(rule.id)).acknowledgedBy).toBeNull();
    const ack = await h.call('POST', `/api/v1/alert-rule/acknowledge/${rule.id}`, { token: admin });
    expect(ack.json().status).toBe(true);
    expect((await read(rule.id)).acknowledgedBy).toBe(adminId);
    expect((await listed('legacy-fields-ack')).acknowledgedBy).toBe(adminId);
    expect((await fire('b')).statusCode).toBe(200);
    expect((await read(rule.id)).acknowledgedBy).toBeNull();
  });

  it('labels the data sources by name and gives every rule type a number of auto-resolve minutes', async () => {
    const source = await seedDataSource(h.t, 'prometheus');
    const rule = await create({
      name: 'legacy-fields-prom',
      type: 'prometheus',
      queryType: 'dynamic',
      dataSourceIds: [source],
      dataSourceAlertName: 'HighCPU',
    });
    const view = await read(rule.id);
    const name = (await h.call('GET', `/api/v1/data-source/${source}`, { token: admin })).json().name;
    expect(view.dataSourceLabels).toEqual([name]);
    expect(view.autoResolveMinutes).toBe(0);
    expect((await listed('legacy-fields-prom')).autoResolveMinutes).toBe(0);
    const api = await create({
      name: 'legacy-fields-auto',
      type: 'api',
      enableAutoResolve: true,
      autoResolveMinutes: 7,
    });
    expect((await read(api.id)).autoResolveMinutes).toBe(7);
  });
});
