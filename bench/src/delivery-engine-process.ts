/**
 * The embedded engine's workers alone in a process, as a server runs them: the delivery benchmark
 * starts it so the load (queuing, the fake provider, the timing) does not share its event loop.
 * Reads DATABASE_URL, ENCRYPTION_KEY_HEX, DELIVERY_BENCH_POOL and the tuning as JSON in
 * DELIVERY_BENCH_TUNING (BENCH_JWT_SECRET: real alert messages; BENCH_TELEGRAM_API_BASE: a fake Bot
 * API); tells its parent `ready` over IPC, its CPU on `cpu`, and stops on `stop`.
 */

import { loadPluginRegistry } from '@oncall/built-ins';
import {
  AckLinkSigner,
  createAlertEventMessages,
  createDeliveryStore,
  SecretBox,
  systemClock,
} from '@oncall/core';
import { openDatabase } from '@oncall/db';
import { createEmbeddedEngine, createEngineAdapters, type QueueTuning } from '@oncall/engine';
import { fixedAlertMessages } from '@oncall/engine/testing';
import { createOnCallPeople } from '@oncall/schedules';
import type pg from 'pg';

const url = process.env.DATABASE_URL;
const key = process.env.ENCRYPTION_KEY_HEX;
if (!url || !key || !process.send) throw new Error('Started by bench/src/delivery.ts only');

const tuning = JSON.parse(process.env.DELIVERY_BENCH_TUNING ?? '{}') as Partial<QueueTuning>;
const db = await openDatabase(
  { kind: 'postgres', url },
  { poolMax: Number(process.env.DELIVERY_BENCH_POOL ?? 12) },
);
// BENCH_COUNT_QUERIES=1: statements counted by their first words, printed on stop (queries per message).
const counted = new Map<string, number>();
if (process.env.BENCH_COUNT_QUERIES === '1') {
  const pool = (await db.orm.em.getConnection().getNativeClient()) as unknown as { Client: typeof pg.Client };
  const prototype = pool.Client.prototype;
  const original = prototype.query as (...args: unknown[]) => unknown;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text] = args;
    const sql = typeof text === 'string' ? text : (text as { text?: string } | undefined)?.text;
    if (sql !== undefined) {
      const key = sql.replace(/\s+/g, ' ').slice(0, 100);
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  } as typeof prototype.query;
}
const plugins = await loadPluginRegistry();
const adapters = createEngineAdapters({
  ...createDeliveryStore(db.orm, {
    box: new SecretBox(Buffer.from(key, 'hex')),
    plugins,
    // The storm benchmark reads instance names out of what vendors receive: the real messages then.
    alertMessages: process.env.BENCH_JWT_SECRET
      ? createAlertEventMessages({
          orm: db.orm,
          ackLinks: new AckLinkSigner(process.env.BENCH_JWT_SECRET, systemClock, 3_600),
          publicUrl: 'http://127.0.0.1',
        })
      : fixedAlertMessages(),
    ...(process.env.BENCH_TELEGRAM_API_BASE
      ? { channelConfigs: { telegram: { apiBase: process.env.BENCH_TELEGRAM_API_BASE } } }
      : {}),
  }),
  plugins,
  people: createOnCallPeople(db.orm),
  allowPrivateTargets: true,
});
const engine = createEmbeddedEngine({ db, ...adapters, tuning, onError: (error) => console.error(error) });
await engine.start();
process.send('ready');
process.on('message', async (message) => {
  if (message === 'cpu') {
    // The engine process's CPU so far (user + system), for the CPU each delivery costs.
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMs: (user + system) / 1000 });
    return;
  }
  if (message !== 'stop') return;
  await engine.stop();
  for (const [sql, count] of [...counted].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.error(`${String(count).padStart(7)} ${sql}`);
  }
  await adapters.close();
  await db.close();
  process.exit(0);
});
