import { User } from '@oncall/core/persistence';
import { startFakeMonitoringSystem } from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Names the original web UI reads under other names than ours (skylogsio/skylogs,
 * `apps/frontend/src/@types/team.ts` `members`, `@types/dataSource.ts` `copy`,
 * `@types/admin-area/smsConfig.ts` `isBackUp`, `@types/admin-area/emailConfig.ts` `usrename`,
 * `@types/settings/telegram.ts` `active`): added on
 * reads beside the fields other clients read.
 */
describe('renamed fields the legacy web UI reads', () => {
  let h: TestApp;
  let owner: string;
  let fake: Awaited<ReturnType<typeof startFakeMonitoringSystem>>;

  beforeAll(async () => {
    h = await createTestApp({ publicUrl: 'http://oncall.test' });
    owner = await h.adminToken();
    fake = await startFakeMonitoringSystem('grafana');
  });
  afterAll(async () => {
    await fake.close();
    await h.dispose();
  });

  it('lists a team with `members`, its members by name', async () => {
    const adminId = (await h.t.core.orm.em.fork().findOneOrFail(User, { isSystemAdmin: true })).id;
    const member = await h.userWithToken('renamed-member', 'member');
    const created = await h.call('POST', '/api/v1/team', {
      token: owner,
      body: { name: 'renamed-team', ownerId: adminId, userIds: [member.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const names = created.json().users.map((u: { name: string }) => u.name);
    const page = (await h.call('GET', '/api/v1/team?name=renamed-team', { token: owner })).json();
    expect(page.data[0]).toMatchObject({ members: names, userIds: [member.id] });
    const read = (await h.call('GET', `/api/v1/team/${created.json().id}`, { token: owner })).json();
    expect(read.members).toEqual(names);
    const all = (await h.call('GET', '/api/v1/team/all', { token: owner })).json();
    expect(all.find((t: { id: string }) => t.id === created.json().id).members).toEqual(names);
  });

  it('reads a data source with `copy`, its webhook URL', async () => {
    const created = await h.call('POST', '/api/v1/data-source', {
      token: owner,
      body: { name: 'renamed-grafana', type: 'grafana', url: fake.url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, webhookUrl } = created.json();
    expect(webhookUrl).toEqual(expect.stringContaining('grafana-alert'));
    expect((await h.call('GET', `/api/v1/data-source/${id}`, { token: owner })).json()).toMatchObject({
      copy: webhookUrl,
      webhookUrl,
    });
    const page = (await h.call('GET', '/api/v1/data-source', { token: owner })).json();
    expect(page.data.find((s: { id: string }) => s.id === id)).toMatchObject({ copy: webhookUrl });
  });

  it('reads a provider config with `isBackUp` beside `isBackup`', async () => {
    const body = (name: string) => ({ name, provider: 'providerOne', apiToken: 'call-token-123456' });
    const first = (
      await h.call('POST', '/api/v1/config/call', { token: owner, body: body('call-a') })
    ).json();
    const second = (
      await h.call('POST', '/api/v1/config/call', { token: owner, body: body('call-b') })
    ).json();
    const backup = await h.call('POST', `/api/v1/config/call/make-backup/${second.id}`, { token: owner });
    expect(backup.json()).toMatchObject({ isBackup: true, isBackUp: true });
    const list = (await h.call('GET', '/api/v1/config/call', { token: owner })).json();
    expect(list.find((c: { id: string }) => c.id === first.id)).toMatchObject({
      isBackUp: false,
      isDefault: true,
    });
    expect((await h.call('GET', `/api/v1/config/call/${second.id}`, { token: owner })).json()).toMatchObject({
      isBackUp: true,
    });
  });

  it('reads an email config with `usrename` beside `username` (EmailConfigModal fills its form from it)', async () => {
    const body = {
      name: 'mail',
      host: 'smtp.internal',
      port: '587',
      username: 'pager',
      password: 'mail-secret-1',
      fromAddress: 'oncall@example.com',
    };
    const response = await h.call('POST', '/api/v1/config/email', { token: owner, body });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    const read = (await h.call('GET', `/api/v1/config/email/${created.id}`, { token: owner })).json();
    expect(read).toMatchObject({ username: 'pager', usrename: 'pager', isBackUp: false });
    expect(read.password).not.toBe('mail-secret-1');
    const list = (await h.call('GET', '/api/v1/config/email', { token: owner })).json();
    expect(list.find((c: { id: string }) => c.id === created.id)).toMatchObject({ usrename: 'pager' });
    // The form sends back what it read, the masked password included: the secret is kept.
    const saved = await h.call('PUT', `/api/v1/config/email/${created.id}`, {
      token: owner,
      body: {
        name: 'mail',
        host: read.host,
        port: read.port,
        username: read.usrename,
        password: read.password,
        fromAddress: read.fromAddress,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('reads a messenger proxy with `active` beside `isActive`', async () => {
    const body = { name: 'renamed-proxy', type: 'socks5', host: 'proxy.internal', port: '1080' };
    const created = (await h.call('POST', '/api/v1/config/telegram', { token: owner, body })).json();
    const activated = await h.call('POST', `/api/v1/config/telegram/activate/${created.id}`, {
      token: owner,
    });
    expect(activated.json()).toMatchObject({ isActive: true, active: true });
    const list = (await h.call('GET', '/api/v1/config/telegram', { token: owner })).json();
    expect(list.find((p: { id: string }) => p.id === created.id)).toMatchObject({ active: true });
    expect(
      (await h.call('GET', `/api/v1/config/telegram/${created.id}`, { token: owner })).json(),
    ).toMatchObject({
      active: true,
    });
  });
});
