import { loadPluginRegistry } from '@oncall/built-ins';
import { ADMIN, createTestCore, type TestCore } from '@oncall/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { restApi } from '../src/index';

export interface RestApp {
  t: TestCore;
  app: FastifyInstance;
  /** A request to `/api/v1{path}`, answered with its status and parsed body. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: unknown }>;
  /** The system admin's access token. */
  adminToken(): Promise<string>;
  dispose(): Promise<void>;
}

/** The REST face alone over a test core with the built-in plugins, as the server mounts it. */
export async function createRestApp(): Promise<RestApp> {
  const t = await createTestCore({}, { plugins: await loadPluginRegistry() });
  const app = Fastify();
  await app.register(restApi, { prefix: '/api/v1', core: t.core });
  await app.ready();
  const call: RestApp['call'] = async (method, path, options = {}) => {
    const response = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        ...options.headers,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return {
    t,
    app,
    call,
    async adminToken() {
      const { body } = await call('POST', '/auth/login', { body: ADMIN });
      return (body as { accessToken: string }).accessToken;
    },
    async dispose() {
      await app.close();
      await t.dispose();
    },
  };
}
