import { Endpoint, User } from '@oncall/core/persistence';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTrpc } from '../src/index';
import { type TrpcAnswer, trpcHttp } from './trpc-http';

/** What each case gets: a fresh rule of the admin's, shared with `shared`, paging the admin's endpoint. */
interface Fixture {
  ruleId: string;
  ruleName: string;
  endpointId: string;
  /** An endpoint of the admin's not on the rule. */
  spareEndpointId: string;
  sharedId: string;
  strangerId: string;
}

type Caller = 'admin' | 'shared' | 'stranger';

interface Case {
  path: string;
  kind: 'query' | 'mutation';
  success: (f: Fixture) => { input?: unknown; as?: Caller; expect: (answer: TrpcAnswer, f: Fixture) => void };
  /** A bad input and the field path it is refused at. */
  invalid: (f: Fixture) => { input: unknown; field: string };
  /**
   * A caller without the right, and how it is refused, as in REST: a rule one may not see is
   * NOT_FOUND, or, in a list of ids, refused at its index.
   */
  refused: (f: Fixture) => {
    input?: unknown;
    as: Caller;
    code: 'NOT_FOUND' | 'FORBIDDEN' | 'UNPROCESSABLE_CONTENT';
    field?: string;
  };
}

/**
 * The alert-rule sub-routers (`alertRules.tags`, `.access`, `.notify`, `.group`): for every procedure
 * a success, a validation error at its field path, and a caller without the right.
 */
describe('tRPC alert-rule tags, sharing, notify targets and group actions', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  const tokens: Record<Caller, string> = { admin: '', shared: '', stranger: '' };
  let sharedId: string;
  let strangerId: string;
  let fixtures = 0;

  const login = async (username: string, password: string) =>
    ((await rpc.mutation('auth.login', { username, password })).data as { accessToken: string }).accessToken;
  const call = (c: Pick<Case, 'path' | 'kind'>, input: unknown, as: Caller) =>
    rpc[c.kind](c.path, input, tokens[as]);

  const fixture = async (): Promise<Fixture> => {
    fixtures += 1;
    const em = t.core.orm.em.fork();
    const owner = await em.findOneOrFail(User, { username: ADMIN.username });
    const endpoint = (name: string) =>
      em.create(Endpoint, {
        name,
        type: 'sms',
        destination: { value: `0912${String(fixtures).padStart(7, '0')}` },
        owner,
      });
    const attached = endpoint(`sub ${fixtures} pager`);
    const spare = endpoint(`sub ${fixtures} spare`);
    await em.flush();
    const ruleName = `trpc sub ${fixtures}`;
    const created = await rpc.mutation(
      'alertRules.create',
      { type: 'api', name: ruleName, userIds: [sharedId], endpointIds: [attached.id], tags: ['base'] },
      tokens.admin,
    );
    const ruleId = (created.data as { id: string }).id;
    return { ruleId, ruleName, endpointId: attached.id, spareEndpointId: spare.id, sharedId, strangerId };
  };

  const cases: Case[] = [
    {
      path: 'alertRules.tags.get',
      kind: 'query',
      success: (f) => ({
        input: { id: f.ruleId },
        as: 'shared',
        expect: (a) => expect(a.data).toMatchObject({ tags: ['base'] }),
      }),
      invalid: () => ({ input: { id: 7 }, field: 'id' }),
      refused: (f) => ({ input: { id: f.ruleId }, as: 'stranger', code: 'NOT_FOUND' }),
    },
    {
      path: 'alertRules.tags.set',
      kind: 'mutation',
      success: (f) => ({
        input: { id: f.ruleId, tags: ['db', 'prod'] },
        expect: (a) => expect(a.data).toMatchObject({ tags: ['db', 'prod'] }),
      }),
      invalid: (f) => ({ input: { id: f.ruleId, tags: 'db' }, field: 'tags' }),
      refused: (f) => ({ input: { id: f.ruleId, tags: ['mine'] }, as: 'shared', code: 'FORBIDDEN' }),
    },
    {
      path: 'alertRules.access.get',
      kind: 'query',
      success: (f) => ({
        input: { id: f.ruleId },
        as: 'shared',
        expect: (a, fx) => expect(JSON.stringify(a.data)).toContain(fx.sharedId),
      }),
      invalid: (f) => ({ input: { id: f.ruleId, verbose: true }, field: 'verbose' }),
      refused: (f) => ({ input: { id: f.ruleId }, as: 'stranger', code: 'NOT_FOUND' }),
    },
    {
      path: 'alertRules.access.add',
      kind: 'mutation',
      success: (f) => ({
        input: { id: f.ruleId, userIds: [f.strangerId] },
        expect: (a, fx) => expect(JSON.stringify(a.data)).toContain(fx.strangerId),
      }),
      invalid: (f) => ({ input: { id: f.ruleId, userIds: 'everyone' }, field: 'userIds' }),
      refused: (f) => ({ input: { id: f.ruleId, userIds: [f.strangerId] }, as: 'shared', code: 'FORBIDDEN' }),
    },
    {
      path: 'alertRules.access.remove',
      kind: 'mutation',
      success: (f) => ({
        input: { alertId: f.ruleId, userOrTeamId: f.sharedId },
        expect: (a, fx) => expect(JSON.stringify(a.data)).not.toContain(fx.sharedId),
      }),
      invalid: (f) => ({ input: { alertId: f.ruleId }, field: 'userOrTeamId' }),
      refused: (f) => ({
        input: { alertId: f.ruleId, userOrTeamId: f.sharedId },
        as: 'stranger',
        code: 'NOT_FOUND',
      }),
    },
    {
      path: 'alertRules.notify.get',
      kind: 'query',
      success: (f) => ({
        input: { id: f.ruleId },
        as: 'shared',
        expect: (a, fx) => expect(JSON.stringify(a.data)).toContain(fx.endpointId),
      }),
      invalid: () => ({ input: {}, field: 'id' }),
      refused: (f) => ({ input: { id: f.ruleId }, as: 'stranger', code: 'NOT_FOUND' }),
    },
    {
      path: 'alertRules.notify.add',
      kind: 'mutation',
      success: (f) => ({
        input: { id: f.ruleId, endpointIds: [f.spareEndpointId] },
        expect: (a, fx) => expect(JSON.stringify(a.data)).toContain(fx.spareEndpointId),
      }),
      invalid: (f) => ({ input: { id: f.ruleId, endpointIds: f.spareEndpointId }, field: 'endpointIds' }),
      refused: (f) => ({
        input: { id: f.ruleId, endpointIds: [f.spareEndpointId] },
        as: 'stranger',
        code: 'NOT_FOUND',
      }),
    },
    {
      path: 'alertRules.notify.remove',
      kind: 'mutation',
      success: (f) => ({
        input: { alertId: f.ruleId, endpointId: f.endpointId },
        expect: (a) => expect(a.status).toBe(200),
      }),
      invalid: (f) => ({ input: { alertId: f.ruleId, endpointId: '' }, field: 'endpointId' }),
      // The shared member does not administer the rule, and the endpoint is not theirs.
      refused: (f) => ({
        input: { alertId: f.ruleId, endpointId: f.endpointId },
        as: 'shared',
        code: 'FORBIDDEN',
      }),
    },
    {
      path: 'alertRules.notify.sendTest',
      kind: 'mutation',
      success: (f) => ({
        input: { id: f.ruleId },
        as: 'shared',
        expect: (a) => expect(a.data).toEqual({ status: true, message: 'Test notification queued.' }),
      }),
      invalid: (f) => ({ input: { id: f.ruleId, endpointIds: [] }, field: 'endpointIds' }),
      refused: (f) => ({ input: { id: f.ruleId }, as: 'stranger', code: 'NOT_FOUND' }),
    },
    {
      path: 'alertRules.notify.batchAdd',
      kind: 'mutation',
      success: (f) => ({
        input: { alertIds: [f.ruleId], endpoints: [f.spareEndpointId] },
        expect: (a) => expect(a.status).toBe(200),
      }),
      invalid: (f) => ({ input: { alertIds: [], endpoints: [f.spareEndpointId] }, field: 'alertIds' }),
      refused: (f) => ({
        input: { alertIds: [f.ruleId], endpoints: [f.spareEndpointId] },
        as: 'stranger',
        code: 'UNPROCESSABLE_CONTENT',
        field: 'alertIds.0',
      }),
    },
  ];

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    tokens.admin = await login(ADMIN.username, ADMIN.password);
    sharedId = await t.createUser('trpc-sub-shared', 'member', 'member-pass-1');
    tokens.shared = await login('trpc-sub-shared', 'member-pass-1');
    strangerId = await t.createUser('trpc-sub-stranger', 'member', 'member-pass-2');
    tokens.stranger = await login('trpc-sub-stranger', 'member-pass-2');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  for (const c of cases) {
    describe(c.path, () => {
      it('answers through the use case', async () => {
        const f = await fixture();
        const { input, as = 'admin', expect: check } = c.success(f);
        const answer = await call(c, input, as);
        expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
        check(answer, f);
      });
      it('refuses a bad input at its field path', async () => {
        const f = await fixture();
        const { input, field } = c.invalid(f);
        const answer = await call(c, input, 'admin');
        expect(answer.status).toBe(422);
        expect(answer.error?.data.domainCode).toBe('validation_failed');
        expect(Object.keys(answer.error?.data.fieldErrors ?? {})).toContain(field);
      });
      it('refuses a caller without the right', async () => {
        const f = await fixture();
        const { input, as, code, field } = c.refused(f);
        const answer = await call(c, input, as);
        expect(answer.error?.data.code, JSON.stringify(answer.error)).toBe(code);
        if (field) expect(answer.error?.data.fieldErrors).toHaveProperty([field]);
        expect(answer.data).toBeUndefined();
        expect((await rpc[c.kind](c.path, input)).error?.data.code).toBe('UNAUTHORIZED');
      });
    });
  }

  it('alertRules.notify.batchOptions: offers the endpoints the caller may attach, and no one else’s', async () => {
    const f = await fixture();
    const mine = JSON.stringify(
      (await rpc.query('alertRules.notify.batchOptions', undefined, tokens.admin)).data,
    );
    expect(mine).toContain(f.spareEndpointId);
    const strangers = await rpc.query('alertRules.notify.batchOptions', undefined, tokens.stranger);
    expect(strangers.status).toBe(200);
    expect(JSON.stringify(strangers.data)).not.toContain(f.spareEndpointId);
    expect((await rpc.query('alertRules.notify.batchOptions')).error?.data.code).toBe('UNAUTHORIZED');
  });

  describe('alertRules.group', () => {
    /** `unseen`: the answer to a member who sees none of the rules (and none of the admin's endpoints). */
    const groupCases: { path: string; done: object; unseen: (a: TrpcAnswer) => void }[] = [
      {
        path: 'alertRules.group.silent',
        done: { matched: 1, changed: 1 },
        unseen: (a) => expect(a.data).toEqual({ status: true, matched: 0, changed: 0 }),
      },
      {
        path: 'alertRules.group.unsilent',
        done: { matched: 1 },
        unseen: (a) => expect(a.data).toEqual({ status: true, matched: 0, changed: 0 }),
      },
      {
        path: 'alertRules.group.addUserNotify',
        done: { status: true },
        unseen: (a) => expect(a.error?.data.fieldErrors).toHaveProperty(['endpointIds.0']),
      },
      {
        path: 'alertRules.group.delete',
        done: { matched: 1, deleted: 1 },
        unseen: (a) => expect(a.data).toMatchObject({ status: true, matched: 0, deleted: 0 }),
      },
    ];
    for (const g of groupCases) {
      it(`${g.path}: acts on the matching rules the caller can see, refuses bad filters, skips the unseen`, async () => {
        const f = await fixture();
        const filter = { alertname: f.ruleName };
        const input = g.path.endsWith('addUserNotify')
          ? { filter, userIds: [f.strangerId], endpointIds: [f.spareEndpointId] }
          : filter;

        // A member who sees none of them matches nothing, and changes nothing.
        g.unseen(await rpc.mutation(g.path, input, tokens.stranger));
        expect((await rpc.query('alertRules.get', { id: f.ruleId }, tokens.admin)).status).toBe(200);

        const invalid = await rpc.mutation(g.path, { ...input, colour: 1 }, tokens.admin);
        expect(invalid.status).toBe(422);
        expect(Object.keys(invalid.error?.data.fieldErrors ?? {})).toContain('colour');

        const done = await rpc.mutation(g.path, input, tokens.admin);
        expect(done.error, JSON.stringify(done.error)).toBeUndefined();
        expect(done.data).toMatchObject(g.done);
        expect((await rpc.mutation(g.path, input)).error?.data.code).toBe('UNAUTHORIZED');
      });
    }

    it('acts on the chosen rules only when `ids` names them (the UI selection), within what the caller sees', async () => {
      const chosen = await fixture();
      const other = await fixture();
      const stranger = await rpc.mutation(
        'alertRules.group.silent',
        { ids: [chosen.ruleId] },
        tokens.stranger,
      );
      expect(stranger.data).toEqual({ status: true, matched: 0, changed: 0 });

      const done = await rpc.mutation('alertRules.group.silent', { ids: [chosen.ruleId] }, tokens.admin);
      expect(done.data).toMatchObject({ matched: 1, changed: 1 });
      const silenced = async (id: string) =>
        ((await rpc.query('alertRules.get', { id }, tokens.admin)).data as { silentStatus: string })
          .silentStatus;
      expect(await silenced(chosen.ruleId)).toBe('silent');
      expect(await silenced(other.ruleId)).toBe('active');

      // The other filters still narrow the selection; an empty selection matches nothing.
      const narrowed = await rpc.mutation(
        'alertRules.group.unsilent',
        { ids: [chosen.ruleId], alertname: other.ruleName },
        tokens.admin,
      );
      expect(narrowed.data).toMatchObject({ matched: 0 });
      expect((await rpc.mutation('alertRules.group.delete', { ids: [] }, tokens.admin)).data).toMatchObject({
        matched: 0,
        deleted: 0,
      });
      const invalid = await rpc.mutation('alertRules.group.silent', { ids: 'all' }, tokens.admin);
      expect(invalid.status).toBe(422);
      expect(Object.keys(invalid.error?.data.fieldErrors ?? {})).toContain('ids');
    });
  });
});
