import type { Core, CoreSettings, PluginPackages } from '@oncall/core';
import { createTestEngine, type TestEngine } from '@oncall/engine/testing';
import type { FastifyInstance } from 'fastify';
import { type DeliveryFakes, startDeliveryFakes } from './delivery-fakes';
import { seedProviderConfigs } from './seed-delivery';
import { buildTestHttpApp, createServerTestCore, type TestApp, testAppClient } from './test-app';

export interface ServerOptions {
  /** False: the engine only queues work, as a server whose workers are down. Default true. */
  readonly runWorkers?: boolean;
}

/**
 * The HTTP app over a core whose engine delivers for real (the embedded engine, fast retries) to
 * fake vendors of every channel kind, with default sms, call and email provider configs seeded.
 * `app`, `core` and `testEngine` are the running server's and change on `restart`.
 */
export interface DeliveringTestApp extends TestApp {
  readonly fakes: DeliveryFakes;
  /** The core behind the HTTP app: the engine's, which delivers. */
  readonly core: Core;
  readonly testEngine: TestEngine;
  /**
   * Stops the server (the HTTP app, then the engine, letting jobs in flight finish) and starts a new
   * one over the same database and fakes, as restarting the process would.
   */
  restart(options?: ServerOptions): Promise<void>;
}

/** `packages`: plugin packages to load besides the built-ins, as config names them. */
export async function createDeliveringTestApp(
  settings: Partial<CoreSettings> = {},
  options: ServerOptions = {},
  packages: PluginPackages = {},
): Promise<DeliveringTestApp> {
  const t = await createServerTestCore(settings, packages);
  const fakes = await startDeliveryFakes();
  await seedProviderConfigs(t, fakes);

  const start = async ({ runWorkers }: ServerOptions) => {
    const testEngine = await createTestEngine(t, { channelConfigs: fakes.channelConfigs, runWorkers });
    if (!testEngine.core) throw new Error('createTestEngine(testCore) builds a delivering core');
    return { testEngine, core: testEngine.core, app: await buildTestHttpApp(t, testEngine.core) };
  };
  const stop = async (server: { app: FastifyInstance; testEngine: TestEngine }) => {
    await server.app.close();
    await server.testEngine.dispose();
  };

  let server = await start(options);
  return {
    ...testAppClient(t, () => server.app),
    fakes,
    get app() {
      return server.app;
    },
    get core() {
      return server.core;
    },
    get testEngine() {
      return server.testEngine;
    },
    async restart(next = {}) {
      await stop(server);
      server = await start(next);
    },
    async dispose() {
      await stop(server);
      await fakes.close();
      await t.dispose();
    },
  };
}
