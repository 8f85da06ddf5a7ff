/**
 * A worker process for the crash test: the embedded engine's workers over a PostgreSQL database,
 * with a short job expiry so a killed worker's job is retried within seconds.
 * Usage: tsx --conditions=development crash-worker.ts <database url> <encryption key hex>
 */
import { createDeliveryStore, SecretBox } from '@oncall/core';
import { openDatabase } from '@oncall/db';
import { createEmbeddedEngine, createEngineAdapters, loadPluginRegistry } from '../../src/index';
import { fixedAlertMessages } from '../../src/testing/index';
import { CRASH_TUNING } from './crash-tuning';

const [url = '', keyHex = ''] = process.argv.slice(2);
const db = await openDatabase({ kind: 'postgres', url }, { poolMax: 4 });
const plugins = await loadPluginRegistry();
const adapters = createEngineAdapters({
  ...createDeliveryStore(db.orm, {
    box: new SecretBox(Buffer.from(keyHex, 'hex')),
    plugins,
    alertMessages: fixedAlertMessages(),
  }),
  plugins,
  allowPrivateTargets: true,
  attemptTimeoutMs: 60_000,
});
const engine = createEmbeddedEngine({
  db,
  ...adapters,
  // A 2 s backoff the test can kill the worker in; retries stay on the same provider.
  policies: {
    otp: { baseDelayMs: 2_000, factor: 1, maxDelayMs: 2_000, maxAttemptsPerProvider: 3, jitter: 'full' },
  },
  random: () => 0.999,
  tuning: CRASH_TUNING,
});
await engine.start();
process.stdout.write('ready\n');
