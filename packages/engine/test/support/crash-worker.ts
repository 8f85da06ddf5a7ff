/**
 * A worker process for the crash test: the embedded engine's workers over a PostgreSQL database,
 * with a short job expiry so a killed worker's job is retried within seconds.
 * Usage: tsx --conditions=development crash-worker.ts <database url> <encryption key hex>
 *   [<user id> <code>]: also requests an OTP for that user through this process's own engine, whose
 *   page this process then sends right after commit (direct dispatch).
 */

import { loadPluginRegistry } from '@oncall/built-ins';
import { createDeliveryStore, SecretBox } from '@oncall/core';
import { openDatabase } from '@oncall/db';
import { createOnCallPeople } from '@oncall/schedules';
import { createEmbeddedEngine, createEngineAdapters } from '../../src/index';
import { fixedAlertMessages } from '../../src/testing/index';
import { CRASH_TUNING } from './crash-tuning';
import { seeder } from './seed';

const [url = '', keyHex = '', otpUserId, otpCode] = process.argv.slice(2);
const db = await openDatabase({ kind: 'postgres', url }, { poolMax: 4 });
const plugins = await loadPluginRegistry();
const adapters = createEngineAdapters({
  ...createDeliveryStore(db.orm, {
    box: new SecretBox(Buffer.from(keyHex, 'hex')),
    plugins,
    alertMessages: fixedAlertMessages(),
  }),
  plugins,
  people: createOnCallPeople(db.orm),
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
if (otpUserId !== undefined && otpCode !== undefined) {
  const seed = seeder(db.orm, new SecretBox(Buffer.from(keyHex, 'hex')));
  await seed.requestOtp(engine.orchestrator, {
    userId: otpUserId,
    channel: 'sms',
    destination: '09120000009',
    code: otpCode,
  });
}
process.stdout.write('ready\n');
