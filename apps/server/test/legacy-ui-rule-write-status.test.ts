import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The original web UI acts on a rule write only when its answer says `status: true`: every rule
 * form closes and refreshes on it (`components/AlertRule/Forms/ClientAPIForm.tsx`,
 * `GeneralAlertRuleForm.tsx`, `NotificationForm.tsx`, `SentryForm.tsx`, `ZabbixForm.tsx`:
 * `if (data.status)`), and so do pin and silence (`app/[locale]/alert-rule/AlertRuleActionColumn.tsx`,
 * `app/[locale]/alert-rule/[alertId]/page.tsx`). Seen on the published UI: Update saved the rule
 * and the form stayed open; Silent and pin changed nothing on screen until a reload.
 */
describe('rule writes as the legacy web UI reads them', () => {
  let h: TestApp;
  let admin: string;

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
  });
  afterAll(() => h.dispose());

  it('answers status: true beside the rule on create, update, pin and silence', async () => {
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { name: 'write-status', type: 'api', enableAutoResolve: false, autoResolveMinutes: 0 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: true, name: 'write-status', type: 'api' });
    const id = created.json().id;

    const updated = await h.call('PUT', `/api/v1/alert-rule/${id}`, {
      token: admin,
      body: { name: 'write-status-renamed', type: 'api' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: true, id, name: 'write-status-renamed' });

    const pinned = await h.call('POST', `/api/v1/alert-rule/pin/${id}`, { token: admin });
    expect(pinned.json()).toMatchObject({ status: true, id, isPinned: true });
    const silenced = await h.call('POST', `/api/v1/alert-rule/silent/${id}`, { token: admin });
    expect(silenced.json()).toMatchObject({ status: true, id, is_silent: true });
  });

  it('keeps reads as they were: a rule read has no status field', async () => {
    const created = await h.call('POST', '/api/v1/alert-rule', {
      token: admin,
      body: { name: 'write-status-read', type: 'api' },
    });
    const read = await h.call('GET', `/api/v1/alert-rule/${created.json().id}`, { token: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('status');
  });
});
