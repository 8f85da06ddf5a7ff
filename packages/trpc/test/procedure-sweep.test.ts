import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRouter, registerTrpc } from '../src/index';
import { trpcHttp } from './trpc-http';

/** Procedures anyone may call: the sign-in and the acknowledge link, whose signed token is the authority. */
const PUBLIC = new Set([
  'auth.login',
  'auth.refresh',
  'auth.browserLogin',
  'auth.browserRefresh',
  'ackLinks.inspect',
  'ackLinks.acknowledge',
]);

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
}

/**
 * Every query and mutation of the router, found from the router itself so a procedure added later
 * is swept too: without a token each protected one is refused before it runs, and each one that
 * takes input refuses a field it does not know (strict inputs) with the field's path.
 */
describe('every tRPC procedure', () => {
  let t: TestCore;
  let app: FastifyInstance;
  let rpc: ReturnType<typeof trpcHttp>;
  let admin: string;
  let procedures: Array<[string, ProcedureDef]>;

  beforeAll(async () => {
    t = await createTestCore();
    app = Fastify();
    await registerTrpc(app, { core: t.core, prefix: '/trpc' });
    await app.ready();
    rpc = trpcHttp(app);
    const login = await rpc.mutation('auth.login', { username: ADMIN.username, password: ADMIN.password });
    admin = (login.data as { accessToken: string }).accessToken;
    const router = createAppRouter(t.core.plugins);
    const flat: Record<string, unknown> = router._def.procedures;
    procedures = Object.entries(flat)
      .map(([path, procedure]): [string, ProcedureDef] => [path, defOf(procedure)])
      .filter(([, def]) => def.type !== 'subscription');
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const call = (path: string, def: ProcedureDef, input: unknown, token?: string) =>
    def.type === 'query' ? rpc.query(path, input, token) : rpc.mutation(path, input, token);

  it('finds the procedures of every router', () => {
    expect(procedures.length).toBeGreaterThan(90);
    expect(procedures.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'alerts.acknowledge',
        'episodes.deliveryLog',
        'behaviorRules.create',
        'users.list',
      ]),
    );
  });

  it('refuses each protected procedure without a token, before reading its input', async () => {
    const answered: string[] = [];
    for (const [path, def] of procedures) {
      if (PUBLIC.has(path)) continue;
      const answer = await call(path, def, { unexpectedField: 1 });
      answered.push(`${path} ${answer.status} ${answer.error?.data.code}`);
    }
    expect(answered.filter((line) => !line.endsWith(' 401 UNAUTHORIZED'))).toEqual([]);
  });

  it('refuses an unknown input field at its path on each procedure that takes input, with 422 and field paths', async () => {
    const answered: string[] = [];
    for (const [path, def] of procedures) {
      if (def.inputs.length === 0) continue;
      const answer = await call(path, def, { unexpectedField: 1 }, admin);
      const fields = Object.keys(answer.error?.data.fieldErrors ?? {});
      // A body chosen by its `type` (endpoints, rules, cluster) is refused first at the missing type.
      const named = fields.includes('unexpectedField') || fields.includes('type');
      answered.push(`${path} ${answer.status} ${answer.error?.data.code} ${named} ${fields.join(',')}`);
    }
    expect(answered.filter((line) => !/ 422 UNPROCESSABLE_CONTENT true /.test(line))).toEqual([]);
  });
});

/** A procedure's definition, as tRPC keeps it on `_def`. */
function defOf(procedure: unknown): ProcedureDef {
  const def = typeof procedure === 'function' && '_def' in procedure ? procedure._def : undefined;
  if (typeof def !== 'object' || def === null || !('type' in def) || !('inputs' in def)) {
    throw new Error('not a tRPC procedure');
  }
  const { type, inputs } = def;
  if ((type !== 'query' && type !== 'mutation' && type !== 'subscription') || !Array.isArray(inputs)) {
    throw new Error('not a tRPC procedure');
  }
  return { type, inputs };
}
