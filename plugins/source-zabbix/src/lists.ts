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
 * How a Zabbix release takes credentials. 6.4 and later: the API token (or a session from
 * `user.login`) as `Authorization: Bearer`, and 7.2 refuses it anywhere else. Earlier releases
 * want it in the request body's `auth`, and before 5.4 `user.login` names the user `user`, not
 * `username`. https://www.zabbix.com/documentation/6.4/en/manual/api/changes_6.2_-_6.4 and
 * https://www.zabbix.com/documentation/5.4/en/manual/api/changes_5.2_-_5.4
 */
interface ApiDialect {
  readonly bearer: boolean;
  readonly loginUserKey: 'username' | 'user';
}

const CURRENT: ApiDialect = { bearer: true, loginUserKey: 'username' };

/** The dialect of a version string as `apiinfo.version` answers it (`6.0.25`, `7.0.4`). */
export function dialectOf(version: string): ApiDialect {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const atLeast = (m: number, n: number) => major > m || (major === m && minor >= n);
  return { bearer: atLeast(6, 4), loginUserKey: atLeast(5, 4) ? 'username' : 'user' };
}

/** Calls one Zabbix API method, with the credential where the release takes it. */
async function call<T extends z.ZodType>(
  ctx: SourceContext,
  source: SourceConnection,
  method: string,
  params: unknown,
  result: T,
  auth?: { token: string; dialect: ApiDialect },
): Promise<z.output<T>> {
  const inBody = auth !== undefined && !auth.dialect.bearer;
  const answer = await queryJson(
    ctx,
    source,
    {
      path: '/api_jsonrpc.php',
      json: { jsonrpc: '2.0', method, params, id: 1, ...(inBody ? { auth: auth.token } : {}) },
      headers: {
        'content-type': 'application/json-rpc',
        ...(auth?.dialect.bearer ? { authorization: `Bearer ${auth.token}` } : {}),
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
 * records pile up in Zabbix. The release (`apiinfo.version`, which takes no credential) decides
 * how the credential is sent.
 */
async function withAuth<T>(
  ctx: SourceContext,
  source: SourceConnection,
  work: (auth: { token: string; dialect: ApiDialect }) => Promise<T>,
): Promise<T> {
  if (!source.apiToken && !source.username) {
    throw new SourceQueryError('Set an API token, or a user name and password, on the Zabbix data source.');
  }
  const version = await call(ctx, source, 'apiinfo.version', [], z.string()).catch(() => undefined);
  const dialect = version === undefined ? CURRENT : dialectOf(version);
  if (source.apiToken) return work({ token: source.apiToken, dialect });
  const session = await call(
    ctx,
    source,
    'user.login',
    { [dialect.loginUserKey]: source.username, password: source.password ?? '' },
    z.string(),
  );
  const auth = { token: session, dialect };
  try {
    return await work(auth);
  } finally {
    await call(ctx, source, 'user.logout', [], z.unknown(), auth).catch(() => undefined);
  }
}

/** Visible names of the hosts Zabbix monitors. */
export function listHosts(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  return withAuth(ctx, source, async (auth) =>
    (await call(ctx, source, 'host.get', { output: ['name'] }, named, auth)).map((h) => h.name),
  );
}

/** Names of the Zabbix actions (the `action` a webhook event names). */
export function listActions(source: SourceConnection, ctx: SourceContext): Promise<string[]> {
  return withAuth(ctx, source, async (auth) =>
    (await call(ctx, source, 'action.get', { output: ['name'] }, named, auth)).map((a) => a.name),
  );
}
