import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSchemaOf } from './support/openapi-document';
import { createTestApp, type TestApp } from './support/test-app';

// Resolved by this package's vitest config to the fixture in test-plugins/, as if installed.
const NTFY = '@fixture/oncall-channel-ntfy';
const TOKEN = 'tk_first-access-token';
const MASKED = `********${TOKEN.slice(-4)}`;

/**
 * The endpoint faces and use cases of a type a loaded channel plugin defines: its destination
 * fields validated by the plugin's schema, its secret fields kept, replaced and refused by the
 * rules every stored secret follows.
 */
describe('endpoints of a plugin-defined type', () => {
  let h: TestApp;
  let member: string;

  beforeAll(async () => {
    h = await createTestApp({}, { channelPackages: [NTFY] });
    member = (await h.userWithToken('push-member', 'member')).token;
  });
  afterAll(() => h.dispose());

  const body = (fields: Record<string, unknown> = {}) => ({
    name: 'Push',
    type: 'ntfy',
    serverUrl: 'https://ntfy.example.com',
    topic: 'ops',
    accessToken: TOKEN,
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}) => {
    const response = await h.call('POST', '/api/v1/endpoint', { token: member, body: body(fields) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const put = (id: string, fields: Record<string, unknown>) =>
    h.call('PUT', `/api/v1/endpoint/${id}`, { token: member, body: body(fields) });

  it('answers its destination fields beside the common ones, the secret masked', async () => {
    const created = await create();
    expect(Object.keys(created).sort()).toEqual(
      [
        'accessTeamIds',
        'accessToken',
        'accessUserIds',
        'createdAt',
        'id',
        'name',
        'serverUrl',
        'topic',
        'type',
        'updatedAt',
        'userId',
      ].sort(),
    );
    expect(created).toMatchObject({ accessToken: MASKED, serverUrl: 'https://ntfy.example.com' });
    const candidates = (
      await h.call('GET', '/api/v1/endpoint/createFlowEndpoints', { token: member })
    ).json();
    expect(candidates.find((e: { id: string }) => e.id === created.id)).toEqual({
      ...created,
      hasActionAccess: true,
    });
  });

  it('keeps the token left out or sent back masked, and replaces it when new', async () => {
    const created = await create();
    for (const accessToken of [undefined, MASKED]) {
      const kept = await put(created.id, { topic: 'ops', accessToken });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().accessToken).toBe(MASKED);
    }
    const replaced = await put(created.id, { accessToken: 'tk_second-token-abcd' });
    expect(replaced.json().accessToken).toBe('********abcd');
    const cleared = await put(created.id, { accessToken: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).not.toHaveProperty('accessToken');
  });

  it('refuses a kept token when a destination field changes: it would follow it elsewhere', async () => {
    const created = await create();
    const moved = await put(created.id, {
      serverUrl: 'https://collector.attacker.example',
      accessToken: MASKED,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({
      accessToken: ['The access token must be sent again when the server url changes.'],
    });
    const resent = await put(created.id, { serverUrl: 'https://push.example.com', accessToken: TOKEN });
    expect(resent.statusCode, resent.body).toBe(200);
  });

  it('refuses a masked token on create, and a stale mask on update', async () => {
    const atBirth = await h.call('POST', '/api/v1/endpoint', {
      token: member,
      body: body({ accessToken: MASKED }),
    });
    expect(atBirth.statusCode).toBe(422);
    expect(atBirth.json().errors).toEqual({
      accessToken: [
        'The access token is masked; enter the full value, or leave it out to keep the stored one.',
      ],
    });
    const created = await create();
    const stale = await put(created.id, { accessToken: '********zzzz' });
    expect(stale.statusCode).toBe(422);
    expect(Object.keys(stale.json().errors)).toEqual(['accessToken']);
  });

  it('422s its own fields at their paths, and lists its type among the choices', async () => {
    const bad = await h.call('POST', '/api/v1/endpoint', {
      token: member,
      body: body({ serverUrl: 'ftp://ntfy.example.com', topic: 'a b' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['serverUrl', 'topic']);
    const unknown = await h.call('POST', '/api/v1/endpoint', {
      token: member,
      body: body({ type: 'pager' }),
    });
    expect(unknown.json().errors).toEqual({
      type: ['The type must be one of sms, call, email, telegram, bale, teams, matter-most, ntfy, flow.'],
    });
  });

  it('takes the same shape over tRPC, refusing unknown fields there', async () => {
    const trpc = (input: unknown) =>
      h.app.inject({
        method: 'POST',
        url: '/trpc/endpoints.create',
        headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
        payload: input as object,
      });
    const created = await trpc(body());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result.data).toMatchObject({ type: 'ntfy', topic: 'ops', accessToken: MASKED });
    const typo = await trpc(body({ topik: 'ops' }));
    expect(typo.json().error.data.fieldErrors).toEqual({ topik: ['The topik field is not allowed.'] });
  });

  it('documents its body in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/v1/openapi.json')).json();
    const schema = requestSchemaOf(doc, doc.paths['/api/v1/endpoint'].post);
    // OpenAPI 3.1 states a literal as `const`.
    const options = schema.anyOf as Array<{
      properties: Record<string, unknown> & { type: { const?: string } };
      required: string[];
    }>;
    const ntfy = options.find((option) => option.properties.type.const === 'ntfy');
    expect(ntfy?.required).toEqual(expect.arrayContaining(['name', 'type', 'serverUrl', 'topic']));
    expect(Object.keys(ntfy?.properties ?? {})).toEqual(expect.arrayContaining(['accessToken']));
  });
});
