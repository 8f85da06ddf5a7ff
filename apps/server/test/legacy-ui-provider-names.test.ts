import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The original web UI names the SMS and call provider `kaveNegar` on every save
 * (skylogsio/skylogs, `apps/frontend/src/components/admin-area/ConnectivitySetting/Sms/SmsConfigModal.tsx`
 * and `Call/CallConfigModal.tsx`: `provider: z.literal("kaveNegar")`, sent on create and on
 * edit). The providerOne plugins declare it as a legacy name: a body naming it is read as
 * `providerOne`, which is what is stored and answered.
 */
describe("the legacy web UI's provider names", () => {
  let h: TestApp;
  let owner: string;

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('creates and updates an SMS config sent with provider kaveNegar', async () => {
    const created = await h.call('POST', '/api/v1/config/sms', {
      token: owner,
      body: { name: 'ui-sms', provider: 'kaveNegar', apiToken: 'sms-token-123456', senderNumber: '1000' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ provider: 'providerOne', senderNumber: '1000' });
    const { id, apiToken } = created.json();
    const updated = await h.call('PUT', `/api/v1/config/sms/${id}`, {
      token: owner,
      body: { name: 'ui-sms-2', provider: 'kaveNegar', apiToken, senderNumber: '2000' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'ui-sms-2', provider: 'providerOne', senderNumber: '2000' });
  });

  it('creates a call config sent with provider kaveNegar', async () => {
    const created = await h.call('POST', '/api/v1/config/call', {
      token: owner,
      body: { name: 'ui-call', provider: 'kaveNegar', apiToken: 'call-token-123456' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ provider: 'providerOne' });
  });

  it('still refuses a provider no plugin names, at the field', async () => {
    const refused = await h.call('POST', '/api/v1/config/sms', {
      token: owner,
      body: { name: 'ui-sms-x', provider: 'someoneElse', apiToken: 'sms-token-123456', senderNumber: '1' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('provider');
  });
});
