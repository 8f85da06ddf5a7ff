import { loadPluginRegistry } from '@oncall/built-ins';
import { OtpCode } from '@oncall/core/persistence';
import { ADMIN, createTestCore, RecordingOrchestrator, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

interface EndpointAnswer {
  id: string;
  name: string;
  type: string;
  userId: string;
  botToken?: string;
}

describe('tRPC endpoints', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let member: { id: string; token: string };

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;

  /** The code the engine would deliver for the newest request to `destination`. */
  const codeSentTo = async (destination: string) => {
    const otp = await t.database.db.orm.em
      .fork()
      .findOneOrFail(OtpCode, { destination }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return t.core.secretBox.decrypt(otp.sealedCode);
  };

  beforeAll(async () => {
    t = await createTestCore({ otpMaxSendsPerUser: 3 }, { plugins: await loadPluginRegistry() });
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    admin = await login(ADMIN.username, ADMIN.password);
    const id = await t.createUser('trpc-member', 'member', 'member-pass-1');
    member = { id, token: await login('trpc-member', 'member-pass-1') };
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('sends a code and creates a verified sms endpoint with it', async () => {
    const sent = await rpc.mutation('endpoints.sendOtp', { type: 'sms', value: '+15550100' }, member.token);
    expect(sent.data).toEqual({ status: true, message: 'OTP sent.' });
    const orchestrator = t.core.orchestrator;
    expect(orchestrator).toBeInstanceOf(RecordingOrchestrator);
    if (orchestrator instanceof RecordingOrchestrator) {
      expect(orchestrator.calls.filter((c) => c.type === 'sendOtp')).toHaveLength(1);
    }
    const otpCode = await codeSentTo('+15550100');
    const created = await rpc.mutation(
      'endpoints.create',
      { name: 'Pager', type: 'sms', value: '+15550100', otpCode },
      member.token,
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'Pager', type: 'sms', value: '+15550100', userId: member.id });
  });

  it('creates, reads, lists, updates, hands over and deletes through the same use cases', async () => {
    const created = await rpc.mutation(
      'endpoints.create',
      { name: 'Chat', type: 'telegram', chatId: '-100200', botToken: BOT_TOKEN },
      member.token,
    );
    const chat = created.data as EndpointAnswer;
    expect(chat.botToken).toBe(`********${BOT_TOKEN.slice(-4)}`);
    expect((await rpc.query('endpoints.get', { id: chat.id }, member.token)).data).toMatchObject({
      chatId: '-100200',
      threadId: null,
    });
    expect((await rpc.query('endpoints.list', { name: 'cha' }, member.token)).data).toMatchObject({
      total: 1,
      page: 1,
      perPage: 25,
    });
    const updated = await rpc.mutation(
      'endpoints.update',
      { id: chat.id, name: 'Chat 2', type: 'telegram', chatId: '-100200', threadId: '7' },
      member.token,
    );
    expect(updated.data).toMatchObject({ name: 'Chat 2', threadId: '7', botToken: chat.botToken });

    const flow = await rpc.mutation(
      'endpoints.create',
      { name: 'Flow', type: 'flow', steps: [{ type: 'endpoint', endpointIds: [chat.id] }] },
      member.token,
    );
    expect(flow.status).toBe(200);
    const flows = (await rpc.query('endpoints.flows', undefined, member.token)).data as EndpointAnswer[];
    expect(flows.map((e) => e.name)).toEqual(['Flow']);
    const candidates = (await rpc.query('endpoints.flowStepCandidates', undefined, member.token))
      .data as EndpointAnswer[];
    expect(candidates.map((e) => e.type).sort()).toEqual(['sms', 'telegram']);

    const me = (await rpc.query('auth.me', undefined, admin)).data as { id: string };
    const offered = await rpc.mutation('endpoints.changeOwner', { id: chat.id, userId: me.id }, member.token);
    const transfer = (offered.data as { pending: boolean; transfer: { id: string } }).transfer;
    expect(offered.data).toMatchObject({ userId: member.id, pending: true });
    expect((await rpc.query('endpoints.transfers', {}, admin)).data).toMatchObject([{ id: transfer.id }]);
    expect((await rpc.mutation('endpoints.acceptTransfer', { id: transfer.id }, member.token)).status).toBe(
      403,
    );
    const accepted = await rpc.mutation('endpoints.acceptTransfer', { id: transfer.id }, admin);
    expect(accepted.data).toMatchObject({ status: 'accepted', toUserId: me.id });
    expect((await rpc.query('endpoints.get', { id: chat.id }, member.token)).status).toBe(404);

    const refused = await rpc.mutation('endpoints.delete', { id: chat.id }, admin);
    expect(refused.status).toBe(422);
    expect(refused.error?.data.fieldErrors).toHaveProperty('id');
    expect(
      (await rpc.mutation('endpoints.delete', { id: (flow.data as EndpointAnswer).id }, member.token)).status,
    ).toBe(200);
    expect((await rpc.mutation('endpoints.delete', { id: chat.id }, admin)).data).toMatchObject({
      id: chat.id,
    });
  });

  it('reports validation errors with field paths, from zod and from the core', async () => {
    const noCode = await rpc.mutation(
      'endpoints.create',
      { name: 'Mail', type: 'email', value: 'x@example.com' },
      member.token,
    );
    expect(noCode.status).toBe(422);
    expect(noCode.error?.data.fieldErrors).toEqual({ otpCode: ['The otp code field is required.'] });

    const badSteps = await rpc.mutation(
      'endpoints.create',
      { name: 'F', type: 'flow', steps: [{ type: 'wait', duration: -1, timeUnit: 'm' }] },
      member.token,
    );
    expect(badSteps.error?.data.fieldErrors).toEqual({
      'steps.0.duration': ['The duration must be positive.'],
    });

    const missing = await rpc.mutation(
      'endpoints.create',
      {
        name: 'F',
        type: 'flow',
        steps: [{ type: 'endpoint', endpointIds: ['0190a1b2-0000-7000-8000-000000000000'] }],
      },
      member.token,
    );
    expect(missing.error?.data.fieldErrors).toEqual({
      'steps.0.endpointIds.0': ['The selected endpoint is invalid.'],
    });
  });

  it('accepts people steps naming a user and a team, and 422s unknown ones at their field', async () => {
    const em = t.database.db.orm.em.fork();
    const [team] = await em.getConnection().execute<{ id: string }[]>(
      `insert into teams (id, name, owner_id, created_at, updated_at)
         values (gen_random_uuid(), 'Pagers', ?, now(), now()) returning id`,
      [member.id],
    );
    const created = await rpc.mutation(
      'endpoints.create',
      {
        name: 'People',
        type: 'flow',
        steps: [
          { type: 'user', userId: member.id },
          { type: 'team', teamId: team?.id },
        ],
      },
      member.token,
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      steps: [
        { type: 'user', userId: member.id },
        { type: 'team', teamId: team?.id },
      ],
    });

    const unknown = '0190a1b2-0000-7000-8000-000000000000';
    const refused = await rpc.mutation(
      'endpoints.create',
      {
        name: 'Nobody',
        type: 'flow',
        steps: [
          { type: 'schedule', scheduleId: unknown },
          { type: 'user', userId: 'junk' },
          { type: 'team', teamId: unknown },
          { type: 'schedule', scheduleId: unknown, ifNobodyOnCall: 'panic' },
        ],
      },
      member.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.error?.data.fieldErrors).toEqual({
      'steps.3.ifNobodyOnCall': ['ifNobodyOnCall must be nextStep or teamAdmins.'],
    });
    const unknownIds = await rpc.mutation(
      'endpoints.create',
      {
        name: 'Nobody',
        type: 'flow',
        steps: [
          { type: 'schedule', scheduleId: unknown },
          { type: 'user', userId: 'junk' },
          { type: 'team', teamId: unknown },
        ],
      },
      member.token,
    );
    expect(unknownIds.error?.data.fieldErrors).toEqual({
      'steps.0.scheduleId': ['The selected schedule is invalid.'],
      'steps.1.userId': ['The selected user is invalid.'],
      'steps.2.teamId': ['The selected team is invalid.'],
    });
  });

  it('refuses a masked bot token that is not the stored one’s mask, at botToken', async () => {
    const masked = `********${BOT_TOKEN.slice(-4)}`;
    const atBirth = await rpc.mutation(
      'endpoints.create',
      { name: 'Masked bale', type: 'bale', chatId: '1', botToken: masked },
      member.token,
    );
    expect(atBirth.status).toBe(422);
    expect(Object.keys(atBirth.error?.data.fieldErrors ?? {})).toEqual(['botToken']);

    const chat = (
      await rpc.mutation(
        'endpoints.create',
        { name: 'Stale chat', type: 'telegram', chatId: '1', botToken: BOT_TOKEN },
        member.token,
      )
    ).data as EndpointAnswer;
    const stale = await rpc.mutation(
      'endpoints.update',
      { id: chat.id, name: 'Stale chat', type: 'telegram', chatId: '1', botToken: '********zzzz' },
      member.token,
    );
    expect(stale.status).toBe(422);
    expect(Object.keys(stale.error?.data.fieldErrors ?? {})).toEqual(['botToken']);
    const kept = await rpc.mutation(
      'endpoints.update',
      { id: chat.id, name: 'Stale chat', type: 'telegram', chatId: '1', botToken: masked },
      member.token,
    );
    expect(kept.data).toMatchObject({ botToken: masked });
  });

  it('refuses unknown fields anywhere in the input, steps included', async () => {
    const extra = await rpc.mutation(
      'endpoints.create',
      { name: 'Hook', type: 'teams', value: 'https://hooks.example.com/x', color: 'red' },
      member.token,
    );
    expect(extra.status).toBe(422);
    expect(extra.error?.data.fieldErrors).toEqual({ color: ['The color field is not allowed.'] });
    const nested = await rpc.mutation(
      'endpoints.create',
      { name: 'F', type: 'flow', steps: [{ type: 'wait', duration: 1, timeUnit: 's', note: 'x' }] },
      member.token,
    );
    expect(nested.error?.data.fieldErrors).toEqual({ 'steps.0.note': ['The note field is not allowed.'] });
    const otp = await rpc.mutation(
      'endpoints.sendOtp',
      { type: 'sms', value: '+15550101', x: 1 },
      member.token,
    );
    expect(otp.error?.data.fieldErrors).toEqual({ x: ['The x field is not allowed.'] });
  });

  it('answers NOT_FOUND, FORBIDDEN and UNAUTHORIZED as REST does', async () => {
    const hook = (
      await rpc.mutation(
        'endpoints.create',
        { name: 'Admin hook', type: 'teams', value: 'https://h.example.com/a' },
        admin,
      )
    ).data as EndpointAnswer;
    expect((await rpc.query('endpoints.get', { id: hook.id }, member.token)).status).toBe(404);
    const shared = (
      await rpc.mutation(
        'endpoints.create',
        { name: 'Shared', type: 'teams', value: 'https://h.example.com/s', accessUserIds: [member.id] },
        admin,
      )
    ).data as EndpointAnswer;
    const forbidden = await rpc.mutation('endpoints.delete', { id: shared.id }, member.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.error?.data).toMatchObject({ code: 'FORBIDDEN', domainCode: 'forbidden' });
    expect((await rpc.query('endpoints.list')).status).toBe(401);
  });

  it('answers TOO_MANY_REQUESTS once a user has asked for too many codes', async () => {
    // The first test spent one of this member's three sends.
    expect(
      (await rpc.mutation('endpoints.sendOtp', { type: 'call', value: '+15550102' }, member.token)).status,
    ).toBe(200);
    expect(
      (await rpc.mutation('endpoints.sendOtp', { type: 'call', value: '+15550103' }, member.token)).status,
    ).toBe(200);
    const limited = await rpc.mutation(
      'endpoints.sendOtp',
      { type: 'call', value: '+15550104' },
      member.token,
    );
    expect(limited.status).toBe(429);
    expect(limited.error?.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
