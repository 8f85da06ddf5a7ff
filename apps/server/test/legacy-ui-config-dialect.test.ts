import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The original web UI sends `port` as a JSON number from its email config form
 * (skylogsio/skylogs, `apps/frontend/src/components/admin-area/ConnectivitySetting/Email/EmailConfigModal.tsx`:
 * `port: z.coerce.number()`) and its proxy form (`.../Proxy/ProxyConfigModal.tsx`), and marks every
 * call with `X-Cluster` (`apps/frontend/src/lib/axios.ts`, `""` for the main zone). A request in that
 * dialect gets an integer port read as its digits and answered as a number (its edit forms refuse a
 * string); any other client keeps the contract's string type (issue #12: a JSON number is a 422).
 */
describe("the legacy web UI's numeric port", () => {
  let h: TestApp;
  let owner: string;
  const legacyUi = { 'x-cluster': '' };

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
  });
  afterAll(async () => {
    await h.dispose();
  });

  const email = (port: unknown) => ({
    name: `ui-mail-${String(port)}`,
    host: 'mail.example.test',
    port,
    fromAddress: 'oncall@example.test',
    username: 'robot',
    password: 'mail-secret-1234',
  });

  it('creates and edits an email config whose port the UI sent as a number', async () => {
    const created = await h.call('POST', '/api/v1/config/email', {
      token: owner,
      headers: legacyUi,
      body: email(587),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ port: 587 });
    const { id, password } = created.json();
    const read = await h.call('GET', `/api/v1/config/email/${id}`, { token: owner, headers: legacyUi });
    expect(read.json()).toMatchObject({ port: 587 });
    const [listed] = (
      await h.call('GET', '/api/v1/config/email', { token: owner, headers: legacyUi })
    ).json();
    expect(listed).toMatchObject({ port: 587 });
    const contractRead = await h.call('GET', `/api/v1/config/email/${id}`, { token: owner });
    expect(contractRead.json()).toMatchObject({ port: '587' });
    const updated = await h.call('PUT', `/api/v1/config/email/${id}`, {
      token: owner,
      headers: legacyUi,
      body: { ...email(587), name: 'ui-mail-renamed', password },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'ui-mail-renamed', port: 587 });
    const moved = await h.call('PUT', `/api/v1/config/email/${id}`, {
      token: owner,
      headers: legacyUi,
      body: { ...email(2525), password: 'mail-secret-5678' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ port: 2525 });
  });

  it('creates a messenger proxy whose port the UI sent as a number', async () => {
    const created = await h.call('POST', '/api/v1/config/telegram', {
      token: owner,
      headers: legacyUi,
      body: { name: 'ui-proxy', type: 'http', host: '127.0.0.1', port: 3128 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ port: 3128, username: '' });
    const contractRead = await h.call('GET', `/api/v1/config/telegram/${created.json().id}`, {
      token: owner,
    });
    expect(contractRead.json()).toMatchObject({ port: '3128' });
  });

  it('still checks the number: out of range or fractional is a 422 at port', async () => {
    for (const port of [0, 70_000, 25.5]) {
      const refused = await h.call('POST', '/api/v1/config/email', {
        token: owner,
        headers: legacyUi,
        body: email(port),
      });
      expect(refused.statusCode, String(port)).toBe(422);
      expect(refused.json().errors).toHaveProperty('port');
    }
  });

  it('keeps the contract type for other clients: a JSON number is a 422', async () => {
    const refused = await h.call('POST', '/api/v1/config/email', { token: owner, body: email(465) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('port');
  });
});
