/**
 * The embedded engine's workers alone in a process, as a server runs them: the delivery benchmark
 * starts it so the load (queuing, the fake provider, the timing) does not share its event loop.
 * Reads DATABASE_URL, ENCRYPTION_KEY_HEX, DELIVERY_BENCH_POOL and the tuning as JSON in
 * DELIVERY_BENCH_TUNING; tells its parent `ready` over IPC and stops on `stop`.
 */

import { loadPluginRegistry } from '@oncall/built-ins';
import { createDeliveryStore, SecretBox } from '@oncall/core';
import { openDatabase } from '@oncall/db';
import { createEmbeddedEngine, createEngineAdapters, type QueueTuning } from '@oncall/engine';
import { fixedAlertMessages } from '@oncall/engine/testing';
import { createOnCallPeople } from '@oncall/schedules';

const url = process.env.DATABASE_URL;
const key = process.env.ENCRYPTION_KEY_HEX;
if (!url || !key || !process.send) throw new Error('Started by bench/src/delivery.ts only');

const tuning = JSON.parse(process.env.DELIVERY_BENCH_TUNING ?? '{}') as Partial<QueueTuning>;
const db = await openDatabase(
  { kind: 'postgres', url },
  { poolMax: Number(process.env.DELIVERY_BENCH_POOL ?? 12) },
);
const plugins = await loadPluginRegistry();
const adapters = createEngineAdapters({
  ...createDeliveryStore(db.orm, {
    box: new SecretBox(Buffer.from(key, 'hex')),
    plugins,
    alertMessages: fixedAlertMessages(),
  }),
  plugins,
  people: createOnCallPeople(db.orm),
  allowPrivateTargets: true,
});
const engine = createEmbeddedEngine({ db, ...adapters, tuning, onError: (error) => console.error(error) });
await engine.start();
process.send('ready');
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await engine.stop();
  await adapters.close();
  await db.close();
  process.exit(0);
});
