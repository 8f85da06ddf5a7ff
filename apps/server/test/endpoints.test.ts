import { Endpoint, openJson, queryRows } from '@oncall/core/persistence';
import { maskSecret } from '@oncall/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeSentTo, requestCode } from './support/otp';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const COMMON_KEYS = [
  'accessTeamIds',
  'accessUserIds',
  'createdAt',
  'id',
  'name',
  'type',
  'updatedAt',
  'userId',
];

describe('notification endpoints', () => {
  let h: TestApp;
  let admin: string;
  let adminId: string;
  let member: { id: string; token: string };

  beforeAll(async () => {
    // Sends are throttled in otp.test.ts; here they only set endpoints up.
    h = await createTestApp({ otpMaxSendsPerUser: 1000, otpMaxSendsPerDestination: 1000 });
    admin = await h.adminToken();
    adminId = (await h.call('POST', '/api/v1/auth/me', { token: admin })).json().id;
    member = await h.userWithToken('member1', 'member');
  });
  afterAll(() => h.dispose());

  const create = (body: Record<string, unknown>, token = member.token) =>
    h.call('POST', '/api/v1/endpoint', { token, body });

  /** Creates an sms, call or email endpoint, verifying its destination first as a user would. */
  const createVerified = async (
    body: { name: string; type: 'sms' | 'call' | 'email'; value: string } & Record<string, unknown>,
    who = member,
  ) => {
    const otpCode = await requestCode(h, who.token, body.type, body.value);
    const response = await create({ ...body, otpCode }, who.token);
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  const keysOf = (body: Record<string, unknown>) => Object.keys(body).sort();

  describe('create and read shapes', () => {
    it('creates sms, call and email endpoints with 201 and answers {value}', async () => {
      for (const [type, value] of [
        ['sms', '+989121234567'],
        ['call', '09121234567'],
        ['email', 'oncall@example.com'],
      ] as const) {
        const created = await createVerified({ name: `My ${type}`, type, value });
        expect(created).toMatchObject({
          name: `My ${type}`,
          type,
          value,
          userId: member.id,
          accessUserIds: [],
          accessTeamIds: [],
        });
        expect(keysOf(created)).toEqual([...COMMON_KEYS, 'value'].sort());
        const read = await h.call('GET', `/api/v1/endpoint/${created.id}`, { token: member.token });
        expect(read.statusCode).toBe(200);
        // A read adds whether the reader may edit and delete it, as the legacy web UI reads it.
        expect(read.json()).toEqual({ ...created, hasActionAccess: true });
      }
    });

    it('stores email addresses trimmed and lower-cased, as their codes are sent', async () => {
      const sent = await h.call('POST', '/api/v1/endpoint/sendOTP', {
        token: member.token,
        body: { type: 'email', value: ' Pager@Example.COM' },
      });
      expect(sent.statusCode).toBe(201);
      const otpCode = await lastCodeSentTo(h, 'pager@example.com');
      const created = await create({
        name: 'Mixed case',
        type: 'email',
        value: 'PAGER@example.com ',
        otpCode,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().value).toBe('pager@example.com');
    });

    it('creates teams and matter-most webhooks with {value}', async () => {
      for (const type of ['teams', 'matter-most']) {
        const response = await create({
          name: `Hook ${type}`,
          type,
          value: `https://hooks.example.com/${type}`,
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ type, value: `https://hooks.example.com/${type}` });
        expect(keysOf(response.json())).toEqual([...COMMON_KEYS, 'value'].sort());
      }
    });

    it('creates telegram with {chatId, threadId, botToken} from chatId or the legacy value', async () => {
      const byChatId = await create({
        name: 'Ops chat',
        type: 'telegram',
        chatId: '-1001234567890',
        threadId: '42',
        botToken: BOT_TOKEN,
      });
      expect(byChatId.statusCode).toBe(201);
      expect(byChatId.json()).toMatchObject({
        type: 'telegram',
        chatId: '-1001234567890',
        threadId: '42',
        botToken: `********${BOT_TOKEN.slice(-4)}`,
      });
      expect(keysOf(byChatId.json())).toEqual([...COMMON_KEYS, 'botToken', 'chatId', 'threadId'].sort());

      const byValue = await create({
        name: 'Legacy chat',
        type: 'telegram',
        value: '-100987',
        botToken: BOT_TOKEN,
      });
      expect(byValue.statusCode).toBe(201);
      expect(byValue.json()).toMatchObject({ chatId: '-100987', threadId: null });
    });

    it('creates bale with {chatId, botToken}', async () => {
      const response = await create({
        name: 'Bale',
        type: 'bale',
        value: '@ops_channel',
        botToken: BOT_TOKEN,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ type: 'bale', chatId: '@ops_channel' });
      expect(keysOf(response.json())).toEqual([...COMMON_KEYS, 'botToken', 'chatId'].sort());
    });

    it('creates a flow with {steps}', async () => {
      const sms = await createVerified({ name: 'Flow sms', type: 'sms', value: '+15550001' });
      const steps = [
        { type: 'endpoint', endpointIds: [sms.id] },
        { type: 'wait', duration: 5, timeUnit: 'm' },
        { type: 'endpoint', endpointIds: [sms.id] },
      ];
      const response = await create({ name: 'Escalation', type: 'flow', steps });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ type: 'flow', steps });
      expect(keysOf(response.json())).toEqual([...COMMON_KEYS, 'steps'].sort());
    });
  });

  describe('bot tokens', () => {
    it('masks the token in every answer and keeps it encrypted at rest', async () => {
      const created = (
        await create({ name: 'Masked', type: 'telegram', chatId: '777', botToken: BOT_TOKEN })
      ).json();
      const masked = `********${BOT_TOKEN.slice(-4)}`;
      const answers = [
        created,
        (await h.call('GET', `/api/v1/endpoint/${created.id}`, { token: member.token })).json(),
        (await h.call('GET', '/api/v1/endpoint?name=Masked', { token: member.token })).json().data[0],
        (await h.call('GET', '/api/v1/endpoint/createFlowEndpoints', { token: member.token }))
          .json()
          .find((e: { id: string }) => e.id === created.id),
        (
          await h.call('PUT', `/api/v1/endpoint/${created.id}`, {
            token: member.token,
            body: { name: 'Masked', type: 'telegram', chatId: '777' },
          })
        ).json(),
      ];
      for (const answer of answers) expect(answer.botToken).toBe(masked);
      const everything = JSON.stringify(answers);
      expect(everything).not.toContain(BOT_TOKEN);

      const [row] = await queryRows<{ sealed_destination: string }>(
        h.t.database.db.orm.em,
        'select sealed_destination from endpoints where id = ?',
        [created.id],
      );
      expect(row?.sealed_destination).not.toContain(BOT_TOKEN.split(':')[1]);
      expect(openJson(h.t.core.secretBox, row?.sealed_destination).botToken).toBe(BOT_TOKEN);

      const deleted = await h.call('DELETE', `/api/v1/endpoint/${created.id}`, { token: member.token });
      expect(deleted.json().botToken).toBe(masked);
    });

    it('keeps the stored token when left out, blank or sent back masked; replaces it when new', async () => {
      const created = (await create({ name: 'Keep', type: 'bale', chatId: '1', botToken: BOT_TOKEN })).json();
      const stored = async () => {
        const em = h.t.database.db.orm.em.fork();
        const endpoint = await em.findOneOrFail(Endpoint, { id: created.id });
        return openJson(h.t.core.secretBox, endpoint.sealedDestination).botToken;
      };
      for (const botToken of [undefined, '', created.botToken]) {
        const response = await h.call('PUT', `/api/v1/endpoint/${created.id}`, {
          token: member.token,
          body: { name: 'Keep', type: 'bale', chatId: '1', botToken },
        });
        expect(response.statusCode).toBe(200);
        expect(await stored()).toBe(BOT_TOKEN);
      }
      const replaced = await h.call('PUT', `/api/v1/endpoint/${created.id}`, {
        token: member.token,
        body: { name: 'Keep', type: 'bale', chatId: '1', botToken: '999:new-token-value' },
      });
      expect(replaced.json().botToken).toBe('********alue');
      expect(await stored()).toBe('999:new-token-value');
    });

    it('refuses a mask that is not the stored token’s, and any mask on create, storing nothing', async () => {
      const masked = maskSecret(BOT_TOKEN);
      for (const type of ['telegram', 'bale']) {
        const atBirth = await create({ name: `Masked ${type}`, type, chatId: '1', botToken: masked });
        expect(atBirth.statusCode).toBe(422);
        expect(atBirth.json().errors).toEqual({
          botToken: [
            'The bot token is masked; enter the full value, or leave it out to keep the stored one.',
          ],
        });
      }
      const names = (await h.call('GET', '/api/v1/endpoint?name=Masked%20', { token: member.token })).json();
      expect(names.total).toBe(0);

      const created = (
        await create({ name: 'Stale', type: 'telegram', chatId: '1', botToken: BOT_TOKEN })
      ).json();
      const stale = await h.call('PUT', `/api/v1/endpoint/${created.id}`, {
        token: member.token,
        body: { name: 'Stale', type: 'telegram', chatId: '1', botToken: '********zzzz' },
      });
      expect(stale.statusCode).toBe(422);
      expect(Object.keys(stale.json().errors)).toEqual(['botToken']);
      const row = await h.t.database.db.orm.em.fork().findOneOrFail(Endpoint, { id: created.id });
      expect(openJson(h.t.core.secretBox, row.sealedDestination).botToken).toBe(BOT_TOKEN);
    });

    it('keeps the token when only the chat changes: it still goes to the same Bot API', async () => {
      const created = (
        await create({ name: 'Moved', type: 'bale', chatId: '1', botToken: BOT_TOKEN })
      ).json();
      const moved = await h.call('PUT', `/api/v1/endpoint/${created.id}`, {
        token: member.token,
        body: { ...created, chatId: '@elsewhere' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ chatId: '@elsewhere', botToken: created.botToken });
      const row = await h.t.database.db.orm.em.fork().findOneOrFail(Endpoint, { id: created.id });
      expect(openJson(h.t.core.secretBox, row.sealedDestination).botToken).toBe(BOT_TOKEN);
    });
  });

  describe('validation', () => {
    const errorsOf = async (body: unknown, method: 'POST' | 'PUT' = 'POST', url = '/api/v1/endpoint') => {
      const response = await h.call(method, url, { token: member.token, body });
      expect(response.statusCode).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };

    it('422s chat and thread ids sent as numbers: the contract carries them as strings', async () => {
      for (const type of ['telegram', 'bale']) {
        expect(await errorsOf({ name: 'x', type, chatId: -1001234567890, botToken: BOT_TOKEN })).toEqual({
          chatId: ['The chat id must be a string.'],
        });
        expect(await errorsOf({ name: 'x', type, value: -100987, botToken: BOT_TOKEN })).toEqual({
          value: ['The value must be a string.'],
        });
      }
      expect(
        await errorsOf({ name: 'x', type: 'telegram', chatId: '5', threadId: 9, botToken: BOT_TOKEN }),
      ).toEqual({ threadId: ['The thread id must be a string.'] });
    });

    it('422s a missing or unknown type at `type`', async () => {
      expect(Object.keys(await errorsOf({ name: 'x' }))).toEqual(['type']);
      expect(Object.keys(await errorsOf({ name: 'x', type: 'pager', value: '1' }))).toEqual(['type']);
    });

    it('422s each type’s destination at its field path', async () => {
      expect(Object.keys(await errorsOf({ type: 'sms', value: '12ab', otpCode: '1' })).sort()).toEqual([
        'name',
        'value',
      ]);
      expect(await errorsOf({ name: 'x', type: 'call', value: '123' })).toHaveProperty('value');
      expect(await errorsOf({ name: 'x', type: 'call', value: `+${'1'.repeat(21)}` })).toHaveProperty(
        'value',
      );
      expect(await errorsOf({ name: 'x', type: 'email', value: 'not-an-address' })).toHaveProperty('value');
      expect(await errorsOf({ name: 'x', type: 'teams', value: 'ftp://hooks.example.com' })).toHaveProperty(
        'value',
      );
      expect(await errorsOf({ name: 'x', type: 'matter-most' })).toHaveProperty('value');
      expect(await errorsOf({ name: 'x', type: 'telegram', botToken: BOT_TOKEN })).toEqual({
        chatId: ['The chat id field is required.'],
      });
      expect(
        await errorsOf({ name: 'x', type: 'telegram', chatId: 'general chat', botToken: 'x' }),
      ).toHaveProperty('chatId');
      expect(
        await errorsOf({ name: 'x', type: 'telegram', chatId: '1', threadId: 'abc', botToken: 'x' }),
      ).toHaveProperty('threadId');
      expect(await errorsOf({ name: 'x', type: 'telegram', chatId: '1' })).toEqual({
        botToken: ['The bot token field is required.'],
      });
      expect(await errorsOf({ name: 'x', type: 'bale', chatId: '1', botToken: '' })).toHaveProperty(
        'botToken',
      );
    });

    it('requires an otp code for sms, call and email', async () => {
      for (const [type, value] of [
        ['sms', '+15551111'],
        ['call', '+15551111'],
        ['email', 'a@example.com'],
      ]) {
        expect(await errorsOf({ name: 'x', type, value })).toEqual({
          otpCode: ['The otp code field is required.'],
        });
      }
    });

    it('422s unknown sharing targets at accessUserIds.n and accessTeamIds.n', async () => {
      const base = { name: 'Shared', type: 'teams', value: 'https://hooks.example.com/x' };
      expect(
        Object.keys(await errorsOf({ ...base, accessUserIds: [member.id, UNKNOWN_ID, 'junk'] })).sort(),
      ).toEqual(['accessUserIds.1', 'accessUserIds.2']);
      expect(await errorsOf({ ...base, accessTeamIds: [UNKNOWN_ID] })).toEqual({
        'accessTeamIds.0': ['The selected team is invalid.'],
      });
      expect(await errorsOf({ ...base, accessUserIds: 'everyone' })).toHaveProperty('accessUserIds');
    });

    it('422s malformed flow steps at their paths', async () => {
      const flow = (steps: unknown) => ({ name: 'Flow', type: 'flow', steps });
      expect(await errorsOf(flow(undefined))).toEqual({ steps: ['The steps field is required.'] });
      expect(await errorsOf(flow([]))).toEqual({ steps: ['A flow needs at least one step.'] });
      const bad = await errorsOf(
        flow([
          { type: 'wait', duration: 0, timeUnit: 'm' },
          { type: 'wait', duration: 1.5, timeUnit: 'd' },
          { type: 'endpoint', endpointIds: [] },
          { type: 'page' },
        ]),
      );
      expect(Object.keys(bad).sort()).toEqual([
        'steps.0.duration',
        'steps.1.duration',
        'steps.1.timeUnit',
        'steps.2.endpointIds',
        'steps.3.type',
      ]);
      expect(
        await errorsOf(
          flow([
            { type: 'wait', duration: 8, timeUnit: 'h' },
            { type: 'wait', duration: 169, timeUnit: 'h' },
          ]),
        ),
      ).toEqual({
        'steps.1.duration': ['A wait may not exceed 7 days.'],
      });
    });

    it('422s a repeat that is not last, does not go back, or repeats no wait', async () => {
      const flow = (steps: unknown) => ({ name: 'Flow', type: 'flow', steps });
      const wait = { type: 'wait', duration: 5, timeUnit: 'm' };
      expect(await errorsOf(flow([wait, { type: 'repeat', rounds: 2 }, wait]))).toEqual({
        'steps.1.type': ['A repeat must be the last step.'],
      });
      expect(await errorsOf(flow([wait, { type: 'repeat', rounds: 2, fromStep: 1 }]))).toEqual({
        'steps.1.fromStep': ['A repeat must go back to an earlier step.'],
      });
      expect(
        await errorsOf(
          flow([wait, { type: 'wait', duration: 1, timeUnit: 'm' }, { type: 'repeat', rounds: 0 }]),
        ),
      ).toEqual({ 'steps.2.rounds': ['A repeat needs at least one round.'] });
      expect(await errorsOf(flow([wait, { type: 'repeat', rounds: 21 }]))).toEqual({
        'steps.1.rounds': ['A flow may repeat at most 20 rounds.'],
      });
    });

    it('stores and answers a flow that repeats until acknowledged', async () => {
      const hook = (
        await create({ name: 'Repeat hook', type: 'teams', value: 'https://hooks.example.com/r' })
      ).json();
      const steps = [
        { type: 'endpoint', endpointIds: [hook.id] },
        { type: 'wait', duration: 10, timeUnit: 'm' },
        { type: 'repeat', rounds: 3, fromStep: 0 },
      ];
      const response = await create({ name: 'Until answered', type: 'flow', steps });
      expect(response.statusCode).toBe(201);
      expect(response.json().steps).toEqual(steps);
    });

    it('422s flow steps naming missing or flow endpoints at steps.n.endpointIds.m', async () => {
      const hook = (
        await create({ name: 'Step hook', type: 'teams', value: 'https://hooks.example.com/s' })
      ).json();
      const flow = (
        await create({
          name: 'Inner flow',
          type: 'flow',
          steps: [{ type: 'endpoint', endpointIds: [hook.id] }],
        })
      ).json();
      const errors = await errorsOf({
        name: 'Outer',
        type: 'flow',
        steps: [
          { type: 'endpoint', endpointIds: [hook.id] },
          { type: 'wait', duration: 1, timeUnit: 's' },
          { type: 'endpoint', endpointIds: [UNKNOWN_ID, hook.id, flow.id, 'junk'] },
        ],
      });
      expect(errors).toEqual({
        'steps.2.endpointIds.0': ['The selected endpoint is invalid.'],
        'steps.2.endpointIds.2': ['A flow cannot include another flow endpoint.'],
        'steps.2.endpointIds.3': ['The selected endpoint is invalid.'],
      });
      const twice = await errorsOf({
        name: 'Twice',
        type: 'flow',
        steps: [{ type: 'endpoint', endpointIds: [hook.id, hook.id] }],
      });
      expect(twice).toEqual({ 'steps.0.endpointIds.1': ['The endpoint is listed twice in this step.'] });
      const selfReference = await errorsOf(
        { name: 'Inner flow', type: 'flow', steps: [{ type: 'endpoint', endpointIds: [flow.id] }] },
        'PUT',
        `/api/v1/endpoint/${flow.id}`,
      );
      expect(selfReference).toEqual({
        'steps.0.endpointIds.0': ['A flow cannot include another flow endpoint.'],
      });
    });

    it('refuses to change the type on update', async () => {
      const hook = (
        await create({ name: 'Typed', type: 'teams', value: 'https://hooks.example.com/t' })
      ).json();
      const errors = await errorsOf(
        { name: 'Typed', type: 'matter-most', value: 'https://hooks.example.com/t' },
        'PUT',
        `/api/v1/endpoint/${hook.id}`,
      );
      expect(errors).toEqual({ type: ['The type of an endpoint cannot be changed.'] });
    });
  });

  describe('lists', () => {
    it('pages with the legacy envelope and filters by partial, case-insensitive name', async () => {
      await create({ name: 'Paging Alpha', type: 'teams', value: 'https://hooks.example.com/a' });
      await create({ name: 'Paging Beta', type: 'teams', value: 'https://hooks.example.com/b' });
      await create({ name: 'Paging Gamma', type: 'teams', value: 'https://hooks.example.com/c' });
      const first = await h.call('GET', '/api/v1/endpoint?name=pAgInG&perPage=2', { token: member.token });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        total: 3,
        per_page: 2,
        current_page: 1,
        last_page: 2,
        from: 1,
        to: 2,
      });
      expect(first.json().data.map((e: { name: string }) => e.name)).toEqual(['Paging Alpha', 'Paging Beta']);
      const second = (
        await h.call('GET', '/api/v1/endpoint?name=paging&perPage=2&page=2', { token: member.token })
      ).json();
      expect(second.data.map((e: { name: string }) => e.name)).toEqual(['Paging Gamma']);
      expect((await h.call('GET', '/api/v1/endpoint?name=%25', { token: member.token })).json().total).toBe(
        0,
      );
      const bad = await h.call('GET', '/api/v1/endpoint?page=x', { token: member.token });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['page']);
    });

    it('lists flows on indexFlow and everything else on createFlowEndpoints', async () => {
      const flows = (await h.call('GET', '/api/v1/endpoint/indexFlow', { token: member.token })).json();
      expect(flows.length).toBeGreaterThan(0);
      expect(flows.every((e: { type: string }) => e.type === 'flow')).toBe(true);
      const candidates = (
        await h.call('GET', '/api/v1/endpoint/createFlowEndpoints', { token: member.token })
      ).json();
      expect(candidates.length).toBeGreaterThan(0);
      expect(candidates.some((e: { type: string }) => e.type === 'flow')).toBe(false);
      expect(new Set(candidates.map((e: { type: string }) => e.type))).toEqual(
        new Set(['sms', 'call', 'email', 'teams', 'matter-most', 'telegram', 'bale']),
      );
    });
  });

  describe('update, delete and 404s', () => {
    it('updates name, destination and sharing', async () => {
      const hook = (
        await create({ name: 'Before', type: 'matter-most', value: 'https://mm.example.com/1' })
      ).json();
      const updated = await h.call('PUT', `/api/v1/endpoint/${hook.id}`, {
        token: member.token,
        body: {
          name: 'After',
          type: 'matter-most',
          value: 'https://mm.example.com/2',
          accessUserIds: [adminId],
        },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        name: 'After',
        value: 'https://mm.example.com/2',
        accessUserIds: [adminId],
      });
      // Sharing left out stays as it is.
      const renamed = await h.call('PUT', `/api/v1/endpoint/${hook.id}`, {
        token: member.token,
        body: { name: 'Again', type: 'matter-most', value: 'https://mm.example.com/2' },
      });
      expect(renamed.json()).toMatchObject({ name: 'Again', accessUserIds: [adminId] });
    });

    it('keeps a telegram thread id when left out and clears it with null or ""', async () => {
      const chat = (
        await create({ name: 'Thread', type: 'telegram', chatId: '5', threadId: '9', botToken: BOT_TOKEN })
      ).json();
      const put = (extra: Record<string, unknown>) =>
        h.call('PUT', `/api/v1/endpoint/${chat.id}`, {
          token: member.token,
          body: { name: 'Thread', type: 'telegram', chatId: '5', ...extra },
        });
      expect((await put({})).json().threadId).toBe('9');
      expect((await put({ threadId: '' })).json().threadId).toBeNull();
      expect((await put({ threadId: '11' })).json().threadId).toBe('11');
      expect((await put({ threadId: null })).json().threadId).toBeNull();
    });

    it('answers 404 for unknown and malformed ids on every single-record route', async () => {
      const body = { name: 'x', type: 'teams', value: 'https://hooks.example.com/x' };
      for (const id of [UNKNOWN_ID, 'not-an-id']) {
        expect((await h.call('GET', `/api/v1/endpoint/${id}`, { token: admin })).statusCode).toBe(404);
        expect((await h.call('PUT', `/api/v1/endpoint/${id}`, { token: admin, body })).statusCode).toBe(404);
        expect((await h.call('DELETE', `/api/v1/endpoint/${id}`, { token: admin })).statusCode).toBe(404);
        expect(
          (
            await h.call('POST', `/api/v1/endpoint/changeOwner/${id}`, {
              token: admin,
              body: { userId: member.id },
            })
          ).statusCode,
        ).toBe(404);
      }
    });

    it('deletes and returns the record; 404 afterwards', async () => {
      const hook = (
        await create({ name: 'Temporary', type: 'teams', value: 'https://hooks.example.com/tmp' })
      ).json();
      const deleted = await h.call('DELETE', `/api/v1/endpoint/${hook.id}`, { token: member.token });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual(hook);
      expect((await h.call('GET', `/api/v1/endpoint/${hook.id}`, { token: member.token })).statusCode).toBe(
        404,
      );
      expect(
        (await h.call('DELETE', `/api/v1/endpoint/${hook.id}`, { token: member.token })).statusCode,
      ).toBe(404);
    });

    it('refuses with 422 to delete an endpoint a flow still pages, until the flow lets go', async () => {
      const hook = (
        await create({ name: 'In use', type: 'teams', value: 'https://hooks.example.com/use' })
      ).json();
      const flow = (
        await create({
          name: 'User of it',
          type: 'flow',
          steps: [{ type: 'endpoint', endpointIds: [hook.id] }],
        })
      ).json();
      const refused = await h.call('DELETE', `/api/v1/endpoint/${hook.id}`, { token: member.token });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        id: ['The endpoint is a step of 1 flow endpoint (User of it); remove it from them first.'],
      });
      expect((await h.call('GET', `/api/v1/endpoint/${hook.id}`, { token: member.token })).statusCode).toBe(
        200,
      );
      expect(
        (await h.call('DELETE', `/api/v1/endpoint/${flow.id}`, { token: member.token })).statusCode,
      ).toBe(200);
      expect(
        (await h.call('DELETE', `/api/v1/endpoint/${hook.id}`, { token: member.token })).statusCode,
      ).toBe(200);
    });
    it('names at most five of the flows that use an endpoint', async () => {
      const hook = (
        await create({ name: 'Popular', type: 'teams', value: 'https://hooks.example.com/p' })
      ).json();
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const steps = [{ type: 'endpoint', endpointIds: [hook.id] }];
        expect((await create({ name: `Flow ${n}`, type: 'flow', steps })).statusCode).toBe(201);
      }
      const refused = await h.call('DELETE', `/api/v1/endpoint/${hook.id}`, { token: member.token });
      expect(refused.json().errors.id).toEqual([
        'The endpoint is a step of 6 flow endpoints (Flow 1, Flow 2, Flow 3, Flow 4, Flow 5, and 1 more); remove it from them first.',
      ]);
    });
  });

  describe('ownership', () => {
    it('changeOwner/{id} hands one endpoint over once the receiver accepts; the new owner must exist', async () => {
      const other = await h.userWithToken('receiver', 'member');
      const hook = (
        await create({ name: 'Given away', type: 'teams', value: 'https://hooks.example.com/g' })
      ).json();
      const missing = await h.call('POST', `/api/v1/endpoint/changeOwner/${hook.id}`, {
        token: member.token,
        body: {},
      });
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors)).toEqual(['userId']);
      const unknown = await h.call('POST', `/api/v1/endpoint/changeOwner/${hook.id}`, {
        token: member.token,
        body: { userId: UNKNOWN_ID },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ userId: ['The selected user is invalid.'] });

      const moved = await h.call('POST', `/api/v1/endpoint/changeOwner/${hook.id}`, {
        token: member.token,
        body: { userId: other.id },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ id: hook.id, userId: member.id, pending: true });
      const accepted = await h.call('POST', `/api/v1/endpoint/transfers/${moved.json().transfer.id}/accept`, {
        token: other.token,
      });
      expect(accepted.statusCode).toBe(200);
      expect((await h.call('GET', `/api/v1/endpoint/${hook.id}`, { token: other.token })).statusCode).toBe(
        200,
      );
      // Not shared with the previous owner, so it is gone from its view.
      expect((await h.call('GET', `/api/v1/endpoint/${hook.id}`, { token: member.token })).statusCode).toBe(
        404,
      );
    });

    it('POST /user/changeOwner moves every endpoint and counts them', async () => {
      const from = await h.userWithToken('from-user', 'member');
      const to = await h.userWithToken('to-user', 'member');
      const a = await createVerified({ name: 'From sms', type: 'sms', value: '+15559999' }, from);
      const b = (
        await create({ name: 'From hook', type: 'teams', value: 'https://hooks.example.com/f' }, from.token)
      ).json();
      const response = await h.call('POST', '/api/v1/user/changeOwner', {
        token: admin,
        body: { fromUser: from.id, toUser: to.id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().moved).toMatchObject({ endpoints: 2 });
      for (const endpoint of [a, b]) {
        expect(
          (await h.call('GET', `/api/v1/endpoint/${endpoint.id}`, { token: to.token })).json().userId,
        ).toBe(to.id);
      }
    });

    it('deleting a user hands its endpoints to the system admin', async () => {
      const leaving = await h.userWithToken('leaving', 'member');
      const hook = (
        await create({ name: 'Orphan', type: 'teams', value: 'https://hooks.example.com/o' }, leaving.token)
      ).json();
      expect((await h.call('DELETE', `/api/v1/user/${leaving.id}`, { token: admin })).statusCode).toBe(200);
      expect((await h.call('GET', `/api/v1/endpoint/${hook.id}`, { token: admin })).json().userId).toBe(
        adminId,
      );
    });
  });

  it('answers 401 on every endpoint route without a token', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/v1/endpoint'],
      ['POST', '/api/v1/endpoint'],
      ['GET', '/api/v1/endpoint/indexFlow'],
      ['GET', '/api/v1/endpoint/createFlowEndpoints'],
      ['GET', `/api/v1/endpoint/${UNKNOWN_ID}`],
      ['PUT', `/api/v1/endpoint/${UNKNOWN_ID}`],
      ['DELETE', `/api/v1/endpoint/${UNKNOWN_ID}`],
      ['POST', '/api/v1/endpoint/sendOTP'],
      ['POST', `/api/v1/endpoint/changeOwner/${UNKNOWN_ID}`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await h.call(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
