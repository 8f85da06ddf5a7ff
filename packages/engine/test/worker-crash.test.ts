import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadPluginRegistry } from '@oncall/built-ins';
import { createDeliveryStore, SecretBox } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import { type Database, migrate, openDatabase } from '@oncall/db';
import { adminQuery, findPostgres } from '@oncall/db/testing';
import { type FakeProviderOne, hangReply, startFakeProviderOne } from '@oncall/fakes';
import { createOnCallPeople } from '@oncall/schedules';
import { otpWorkflowId } from '@oncall/workflows';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedEngine, createEngineAdapters, type Engine } from '../src/index';
import { fixedAlertMessages } from '../src/testing/index';
import { attemptsOf } from './support/attempts';
import { CRASH_TUNING } from './support/crash-tuning';
import { seeder } from './support/seed';

const WAIT = { timeout: 30_000, interval: 50 };
const KEY = randomBytes(32);

// Killing a worker needs a second process on the same database: real PostgreSQL, whatever TEST_DB says
// (PGlite lives inside one process). Only a machine without any PostgreSQL leaves this out.
const adminUrl = await findPostgres();

/**
 * "Exactly once" here is measured where it matters, at the provider: messages it accepted. The
 * engine is at-least-once at that boundary. A worker that dies after the provider accepted a message
 * but before the attempt was recorded replays the same attempt (same idempotency key), and a provider
 * that does not deduplicate by it sends that message twice. Everywhere else a replay is answered from
 * the delivery log: the cases below kill the worker while the provider holds the request (not
 * accepted yet) and during a backoff wait (attempt recorded), and each pages once.
 */
describe.skipIf(adminUrl === undefined)(
  'a worker killed mid-delivery (PostgreSQL)',
  { timeout: 120_000 },
  () => {
    let db: Database;
    let url: string;
    let dropDatabase: () => Promise<void>;
    let enqueueOnly: Engine;
    let provider: FakeProviderOne;
    let seed: ReturnType<typeof seeder>;
    let userId: string;
    const workers: ChildProcess[] = [];

    beforeAll(async () => {
      const admin = adminUrl ?? '';
      const name = `oncall_crash_${randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `create database "${name}"`);
      const target = new URL(admin);
      target.pathname = `/${name}`;
      url = target.toString();
      dropDatabase = () => adminQuery(admin, `drop database if exists "${name}" with (force)`);
      db = await openDatabase({ kind: 'postgres', url }, { poolMax: 4 });
      await migrate(db.orm);
      provider = await startFakeProviderOne();
      const box = new SecretBox(KEY);
      const plugins = await loadPluginRegistry();
      const adapters = createEngineAdapters({
        ...createDeliveryStore(db.orm, { box, alertMessages: fixedAlertMessages(), plugins }),
        plugins,
        people: createOnCallPeople(db.orm),
        allowPrivateTargets: true,
      });
      // This process only queues; the workers run in child processes (with the same queue settings).
      enqueueOnly = createEmbeddedEngine({ db, ...adapters, runWorkers: false, tuning: CRASH_TUNING });
      await enqueueOnly.start();
      seed = seeder(db.orm, box);
      userId = await seed.user();
      await seed.providerConfig(
        'sms',
        'default',
        'providerOne',
        { senderNumber: '1000', baseUrl: provider.url },
        { apiToken: 'token' },
      );
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map(kill));
    });
    afterAll(async () => {
      await enqueueOnly.stop();
      await provider.close();
      await db.close();
      await dropDatabase();
    });
    const startWorker = async (
      otp: readonly [userId: string, code: string] | [] = [],
    ): Promise<ChildProcess> => {
      const script = fileURLToPath(new URL('./support/crash-worker.ts', import.meta.url));
      // The workspace packages' sources, as under vitest: the `development` export condition.
      const args = ['--conditions=development', '--import', 'tsx', script, url, KEY.toString('hex'), ...otp];
      const child = spawn(process.execPath, args, {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      workers.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
        child.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
      });
      return child;
    };
    const kill = async (child: ChildProcess) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };
    const requestOtp = (code: string) =>
      seed.requestOtp(enqueueOnly.orchestrator, { userId, channel: 'sms', destination: '09120000009', code });

    it('pages once when the worker dies while the provider holds the request', async () => {
      const acceptedBefore = provider.accepted();
      const requestsBefore = provider.requests.length;
      provider.replyNext(hangReply);
      const otpId = await requestOtp('135790');
      const first = await startWorker();
      await provider.waitForRequests(requestsBefore + 1);
      await kill(first);

      await startWorker();
      await vi.waitFor(async () => {
        expect((await attemptsOf(db.orm, otpWorkflowId(otpId))).map((a) => [a.attempt, a.outcome])).toEqual([
          [1, 'delivered'],
        ]);
      }, WAIT);
      // The held request was never answered; its replay (same attempt, same key) was accepted once.
      expect(provider.requests.length - requestsBefore).toBe(2);
      expect(provider.accepted() - acceptedBefore).toBe(1);
    });

    it('pages once when the worker dies during a backoff wait', async () => {
      const acceptedBefore = provider.accepted();
      const requestsBefore = provider.requests.length;
      provider.failNext(500);
      const otpId = await requestOtp('246802');
      const first = await startWorker();
      await vi.waitFor(async () => {
        expect((await attemptsOf(db.orm, otpWorkflowId(otpId))).map((a) => a.outcome)).toEqual(['transient']);
      }, WAIT);
      await kill(first);

      await startWorker();
      await vi.waitFor(async () => {
        expect((await attemptsOf(db.orm, otpWorkflowId(otpId))).map((a) => [a.attempt, a.outcome])).toEqual([
          [1, 'transient'],
          [2, 'delivered'],
        ]);
      }, WAIT);
      expect(provider.requests.length - requestsBefore).toBe(2);
      expect(provider.accepted() - acceptedBefore).toBe(1);
    });

    it('pages once when the process that committed the OTP dies while the provider holds its direct send', async () => {
      const acceptedBefore = provider.accepted();
      const requestsBefore = provider.requests.length;
      provider.replyNext(hangReply);
      // The child commits the OTP and sends it itself, right after commit, with no worker involved.
      const committer = await startWorker([userId, '975310']);
      await provider.waitForRequests(requestsBefore + 1);
      await kill(committer);
      const [otp] = await queryRows<{ id: string }>(
        db.orm.em.fork(),
        'select id from otp_codes order by created_at desc limit 1',
      );
      const otpId = otp?.id ?? '';

      // The backstop job is taken over once its lease ends, and sends the same attempt again.
      await startWorker();
      await vi.waitFor(async () => {
        expect((await attemptsOf(db.orm, otpWorkflowId(otpId))).map((a) => [a.attempt, a.outcome])).toEqual([
          [1, 'delivered'],
        ]);
      }, WAIT);
      expect(provider.requests.length - requestsBefore).toBe(2);
      expect(provider.accepted() - acceptedBefore).toBe(1);
    });
  },
);
