import { loadPluginRegistry } from '@oncall/built-ins';
import type { Core, CoreSettings, PluginPackages, Role } from '@oncall/core';
import { createSourceProber, createSourceQuerier } from '@oncall/source-probes';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/build-app';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  t: TestCore;
  call(
    method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: CallOptions,
  ): Promise<LightMyRequestResponse>;
  login(username: string, password: string): Promise<{ accessToken: string; refreshToken: string }>;
  adminToken(): Promise<string>;
  /** Creates a user of the role and returns its id and a fresh access token. */
  userWithToken(username: string, role: Role): Promise<{ id: string; token: string }>;
  dispose(): Promise<void>;
}

/**
 * How long a test server waits for a data source it reads a list from, whatever the source's own
 * limit: short, so tests of a source that hangs stay fast, yet far above what a fake on 127.0.0.1
 * needs.
 */
export const TEST_SOURCE_QUERY_TIMEOUT_MS = 1_000;

/** `packages`: plugin packages to load besides the built-ins, as config names them (`config.plugins`). */
export async function createTestApp(
  overrides: Partial<CoreSettings> = {},
  packages: PluginPackages = {},
): Promise<TestApp> {
  const t = await createServerTestCore(overrides, packages);
  const app = await buildTestHttpApp(t, t.core);
  return {
    ...testAppClient(t, () => app),
    app,
    dispose: async () => {
      await app.close();
      await t.dispose();
    },
  };
}

/**
 * A TestCore with the server's real status checks and source queries (tests point them at fakes
 * on 127.0.0.1) and plugins.
 */
export async function createServerTestCore(
  overrides: Partial<CoreSettings> = {},
  packages: PluginPackages = {},
): Promise<TestCore> {
  return createTestCore(overrides, {
    dataSourceProber: createSourceProber(),
    dataSourceQuerier: createSourceQuerier({
      timeoutMs: TEST_SOURCE_QUERY_TIMEOUT_MS,
      maxTimeoutMs: TEST_SOURCE_QUERY_TIMEOUT_MS,
    }),
    plugins: await loadPluginRegistry(packages),
  });
}

/** The server's HTTP app, quiet, over the TestCore's core or another one over its database. */
export function buildTestHttpApp(t: TestCore, core: Core): Promise<FastifyInstance> {
  return buildApp({
    core,
    ping: t.database.db.ping,
    logLevel: 'silent',
    bodyLimitBytes: 64 * 1024,
    trustProxy: false,
  });
}

/** Requests and logins against whichever app `currentApp` returns (a restarted server's, too). */
export function testAppClient(
  t: TestCore,
  currentApp: () => FastifyInstance,
): Pick<TestApp, 't' | 'call' | 'login' | 'adminToken' | 'userWithToken'> {
  const call: TestApp['call'] = (method, url, options = {}) =>
    currentApp().inject({
      method,
      url,
      remoteAddress: options.ip,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as string | object }),
    });
  const login: TestApp['login'] = async (username, password) => {
    const response = await call('POST', '/api/v1/auth/login', { body: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    return response.json();
  };
  return {
    t,
    call,
    login,
    adminToken: async () => (await login(ADMIN.username, ADMIN.password)).accessToken,
    userWithToken: async (username, role) => {
      const id = await t.createUser(username, role, `${username}-password`);
      return { id, token: (await login(username, `${username}-password`)).accessToken };
    },
  };
}
