import {
  queryJson,
  type SourceConnection,
  type SourceContext,
  SourceQueryError,
  z,
} from '@oncall/plugin-sdk';

// https://www.zabbix.com/documentation/current/en/manual/api: every call is a JSON-RPC 2.0 POST to
// api_jsonrpc.php answered with 200, a failure being `error: { code, message, data }`.
const rpcAnswer = z.union([
  z.object({ error: z.object({ code: z.number(), message: z.string(), data: z.string().optional() }) }),
  z.object({ result: z.unknown() }),
]);

// host.get / action.get with `output: ['name']`: [{ hostid, name }], [{ actionid, name }].
// https://www.zabbix.com/documentation/current/en/manual/api/reference/host/get
// https://www.zabbix.com/documentation/current/en/manual/api/reference/action/get
const named = z.array(z.looseObject({ name: z.string() }));

/** The longest vendor error text shown as a reason. */
const MAX_ERROR_TEXT = 200;

/**
 * Calls one Zabbix API method. Zabbix 6.4 and later take the API token (or a session from
 * `user.login`) as `Authorization: Bearer`; earlier releases wanted it in the body's `auth`, which
 * 7.x refuses, so only 6.4 and later are supported.
 */
async function call<T extends z.ZodType>(
  ctx: SourceContext,
  source: SourceConnection,
  method: string,
  params: unknown,
  result: T,
  token?: string,
): Promise<z.output<T>> {
  const answer = await queryJson(
    ctx,
    source,
    {
      path: '/api_jsonrpc.php',
      json: { jsonrpc: '2.0', method, params, id: 1 },
      headers: {
        'content-type': 'application/json-rpc',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    },
    rpcAnswer,
  );
  if ('error' in answer) {
    const { message, data } = answer.error;
    const text = `${message}${data ? ` ${data}` : ''}`.slice(0, MAX_ERROR_TEXT);
    throw new SourceQueryError(`Zabbix refused ${method}: ${text}`);
  }
  const parsed = result.safeParse(answer.result);
  if (!parsed.success) throw new SourceQueryError(`Unexpected answer from Zabbix to ${method}.`);
  return parsed.data;
}

/**
 * Runs `work` with a credential: the API token when there is one, else a session opened with the
 * user name and password (`user.login`) and closed afterwards (`user.logout`), so no session
 * records pile up in Zabbix.
 */
async function withAuth<T>(
  ctx: SourceContext,
  source: SourceConnection,
  work: (token: string) => Promise<T>,
): Promise<T> {
  if (source.apiToken) return work(source.apiToken);
  if (!source.username) {
    throw new SourceQueryError('Set an API token, or a user name and password, on the Zabbix data source.');
  }
  const session = await call(
    ctx,
    source,
    'user.login',
    { username: source.username, password: source.password ?? '' },
    z.string(),
  );
  try {
    return await work(session);
  } finally {
    await call(ctx, source, 'user.logout', [], z.unknown(), session).catch(() => undefined);
  }
}

/** Visible names of the hosts Zabbix monitors. */
export function listHosts(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  return withAuth(ctx, source, async (token) =>
    (await call(ctx, source, 'host.get', { output: ['name'] }, named, token)).map((h) => h.name),
  );
}

/** Names of the Zabbix actions (the `action` a webhook event names). */
export function listActions(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  return withAuth(ctx, source, async (token) =>
    (await call(ctx, source, 'action.get', { output: ['name'] }, named, token)).map((a) => a.name),
  );
}
