import { describe, expect, it } from 'vitest';
import {
  type DeliveryCommand,
  type DeliveryEvent,
  type DeliveryState,
  DIRECT_PROVIDER,
  decideDelivery,
  initialDeliveryState,
  type RetryPolicy,
} from '../src/index';

const policy: RetryPolicy = {
  baseDelayMs: 1000,
  factor: 2,
  maxDelayMs: 10_000,
  maxAttemptsPerProvider: 3,
  jitter: 'full',
};
const baseKey = 'notify:evt_1:ep_sms';
const fresh = () => initialDeliveryState({ baseKey, chain: ['default', 'backup'], policy });

/** Feeds events in order and collects every command, as a driver would. */
function run(
  state: DeliveryState,
  events: DeliveryEvent[],
): { state: DeliveryState; commands: DeliveryCommand[] } {
  const commands: DeliveryCommand[] = [];
  let current = state;
  for (const event of events) {
    const decision = decideDelivery(current, event);
    current = decision.state;
    commands.push(...decision.commands);
  }
  return { state: current, commands };
}

const failed = (
  idempotencyKey: string,
  kind: 'transient' | 'permanent' | 'rateLimited',
  extra: { jitter?: number; retryAfterMs?: number; latencyMs?: number } = {},
): DeliveryEvent => ({
  type: 'attemptFailed',
  idempotencyKey,
  kind,
  message: `${kind} failure`,
  jitter: 0.5,
  ...extra,
});
const succeeded = (idempotencyKey: string): DeliveryEvent => ({
  type: 'attemptSucceeded',
  idempotencyKey,
  latencyMs: 40,
});
const timer = (timerId: string): DeliveryEvent => ({ type: 'timerFired', timerId });
const send = (providerConfigId: string, attempt: number): DeliveryCommand => ({
  type: 'send',
  providerConfigId,
  attempt,
  idempotencyKey: `${baseKey}:${providerConfigId}:${attempt}`,
});

describe('decideDelivery: happy path and records', () => {
  it('sends the first attempt to the default provider with a key derived from the base key', () => {
    expect(decideDelivery(fresh(), { type: 'started' }).commands).toEqual([send('default', 1)]);
  });

  it('records the successful attempt and finishes delivered', () => {
    const { state, commands } = run(fresh(), [{ type: 'started' }, succeeded(`${baseKey}:default:1`)]);
    expect(commands.slice(1)).toEqual([
      {
        type: 'record',
        record: {
          providerConfigId: 'default',
          attempt: 1,
          idempotencyKey: `${baseKey}:default:1`,
          outcome: 'delivered',
          error: null,
          retryAfterMs: null,
          latencyMs: 40,
        },
      },
      { type: 'finish', outcome: 'delivered' },
    ]);
    expect(state.outcome).toBe('delivered');
  });

  it('records every failed attempt with its error, kind and Retry-After', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'rateLimited', { retryAfterMs: 7000, latencyMs: 12 }),
    ]);
    expect(commands[1]).toEqual({
      type: 'record',
      record: {
        providerConfigId: 'default',
        attempt: 1,
        idempotencyKey: `${baseKey}:default:1`,
        outcome: 'rateLimited',
        error: 'rateLimited failure',
        retryAfterMs: 7000,
        latencyMs: 12,
      },
    });
  });

  it('uses a single direct entry for channels without provider configs', () => {
    const state = initialDeliveryState({ baseKey, chain: [DIRECT_PROVIDER], policy });
    const { commands } = run(state, [{ type: 'started' }, failed(`${baseKey}:direct:1`, 'permanent')]);
    expect(commands.map((command) => command.type)).toEqual(['send', 'record', 'finish']);
    expect(commands[0]).toEqual(send('direct', 1));
    expect(commands[2]).toEqual({ type: 'finish', outcome: 'failed' });
  });
});

describe('decideDelivery: retries and fallback', () => {
  it('backs off with injected jitter between transient failures, then retries the same provider', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient', { jitter: 0.5 }),
      timer(`${baseKey}:default:2`),
      failed(`${baseKey}:default:2`, 'transient', { jitter: 0.25 }),
      timer(`${baseKey}:default:3`),
    ]);
    expect(commands.filter((command) => command.type !== 'record')).toEqual([
      send('default', 1),
      { type: 'wait', ms: 500, timerId: `${baseKey}:default:2` }, // 0.5 × 1000
      send('default', 2),
      { type: 'wait', ms: 500, timerId: `${baseKey}:default:3` }, // 0.25 × 2000
      send('default', 3),
    ]);
  });

  it('moves to the backup after maxAttemptsPerProvider transient failures, with fresh attempts', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient'),
      timer(`${baseKey}:default:2`),
      failed(`${baseKey}:default:2`, 'rateLimited'),
      timer(`${baseKey}:default:3`),
      failed(`${baseKey}:default:3`, 'transient'),
    ]);
    expect(commands.at(-2)?.type).toBe('record');
    expect(commands.at(-1)).toEqual(send('backup', 1));
  });

  it('does not retry a permanent failure on the same provider: it goes to the backup at once', () => {
    const { commands } = run(fresh(), [{ type: 'started' }, failed(`${baseKey}:default:1`, 'permanent')]);
    expect(commands.map((command) => command.type)).toEqual(['send', 'record', 'send']);
    expect(commands[2]).toEqual(send('backup', 1));
  });

  it('restarts the backoff on the backup provider', () => {
    const decorrelated = initialDeliveryState({
      baseKey,
      chain: ['default', 'backup'],
      policy: { ...policy, jitter: 'decorrelated' },
    });
    const { commands } = run(decorrelated, [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient', { jitter: 1 }),
      timer(`${baseKey}:default:2`),
      failed(`${baseKey}:default:2`, 'permanent'),
      failed(`${baseKey}:backup:1`, 'transient', { jitter: 1 }),
    ]);
    const waits = commands.filter((command) => command.type === 'wait');
    // Both first waits span base..base×factor: the backup does not inherit the default's longer wait.
    expect(waits).toEqual([
      { type: 'wait', ms: 2000, timerId: `${baseKey}:default:2` },
      { type: 'wait', ms: 2000, timerId: `${baseKey}:backup:2` },
    ]);
  });

  it('finishes failed after the last provider fails', () => {
    const { state, commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'permanent'),
      failed(`${baseKey}:backup:1`, 'permanent'),
    ]);
    expect(commands.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'record',
        record: expect.objectContaining({ providerConfigId: 'backup' }),
      }),
      { type: 'finish', outcome: 'failed' },
    ]);
    expect(state.phase).toBe('finished');
  });

  it('tries the backup only after exhausting the default when every failure is transient', () => {
    const single = initialDeliveryState({
      baseKey,
      chain: ['default', 'backup'],
      policy: { ...policy, maxAttemptsPerProvider: 1 },
    });
    const { commands } = run(single, [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient'),
      failed(`${baseKey}:backup:1`, 'transient'),
    ]);
    expect(commands.filter((command) => command.type === 'send' || command.type === 'finish')).toEqual([
      send('default', 1),
      send('backup', 1),
      { type: 'finish', outcome: 'failed' },
    ]);
  });
});

describe('decideDelivery: Retry-After', () => {
  it.each([
    { retryAfterMs: 30_000, jitter: 0.5, expected: 30_000, why: 'Retry-After longer than the backoff wins' },
    {
      retryAfterMs: 100,
      jitter: 0.5,
      expected: 500,
      why: 'a shorter Retry-After does not shorten the backoff',
    },
    { retryAfterMs: 120_000, jitter: 0.5, expected: 120_000, why: 'Retry-After is honoured beyond the cap' },
  ])('$why', ({ retryAfterMs, jitter, expected }) => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'rateLimited', { retryAfterMs, jitter }),
    ]);
    expect(commands.at(-1)).toEqual({ type: 'wait', ms: expected, timerId: `${baseKey}:default:2` });
  });

  it('honours Retry-After on a transient failure too', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient', { retryAfterMs: 9000 }),
    ]);
    expect(commands.at(-1)).toEqual({ type: 'wait', ms: 9000, timerId: `${baseKey}:default:2` });
  });
});

describe('decideDelivery: a Retry-After longer than maxRetryAfterMs', () => {
  const capped: RetryPolicy = { ...policy, maxRetryAfterMs: 60_000 };
  const cappedChain = (chain: [string, ...string[]]) =>
    initialDeliveryState({ baseKey, chain, policy: capped });
  const DAY_MS = 86_400_000;

  it('records the attempt and moves to the backup at once instead of parking the page', () => {
    const { state, commands } = run(cappedChain(['default', 'backup']), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'rateLimited', { retryAfterMs: DAY_MS }),
    ]);
    expect(commands.slice(1)).toEqual([
      {
        type: 'record',
        record: {
          providerConfigId: 'default',
          attempt: 1,
          idempotencyKey: `${baseKey}:default:1`,
          outcome: 'rateLimited',
          error: 'rateLimited failure',
          retryAfterMs: DAY_MS,
          latencyMs: null,
        },
      },
      send('backup', 1),
    ]);
    expect(state).toMatchObject({ phase: 'sending', provider: 'backup', fallbacks: [], attempt: 1 });
  });

  it('moves on however early the long Retry-After comes on the default provider', () => {
    const { commands } = run(cappedChain(['default', 'backup']), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient'),
      timer(`${baseKey}:default:2`),
      failed(`${baseKey}:default:2`, 'rateLimited', { retryAfterMs: 60_001 }),
    ]);
    expect(commands.filter((command) => command.type === 'send')).toEqual([
      send('default', 1),
      send('default', 2),
      send('backup', 1),
    ]);
  });

  it('without a backup retries the same provider after the cap instead of the Retry-After', () => {
    const { state, commands } = run(cappedChain(['default']), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'rateLimited', { retryAfterMs: DAY_MS }),
    ]);
    expect(commands.at(-1)).toEqual({ type: 'wait', ms: 60_000, timerId: `${baseKey}:default:2` });
    expect(state.phase).toBe('waiting');
  });

  it('on the last provider of the chain waits the cap as well, then fails after its attempts', () => {
    const { commands } = run(cappedChain(['default', 'backup']), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'rateLimited', { retryAfterMs: DAY_MS }),
      failed(`${baseKey}:backup:1`, 'rateLimited', { retryAfterMs: DAY_MS }),
      timer(`${baseKey}:backup:2`),
      failed(`${baseKey}:backup:2`, 'rateLimited', { retryAfterMs: DAY_MS }),
      timer(`${baseKey}:backup:3`),
      failed(`${baseKey}:backup:3`, 'rateLimited', { retryAfterMs: DAY_MS }),
    ]);
    expect(commands.filter((command) => command.type !== 'record')).toEqual([
      send('default', 1),
      send('backup', 1),
      { type: 'wait', ms: 60_000, timerId: `${baseKey}:backup:2` },
      send('backup', 2),
      { type: 'wait', ms: 60_000, timerId: `${baseKey}:backup:3` },
      send('backup', 3),
      { type: 'finish', outcome: 'failed' },
    ]);
  });

  it('still waits out a Retry-After within the cap on the same provider', () => {
    const { commands } = run(cappedChain(['default', 'backup']), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'rateLimited', { retryAfterMs: 60_000 }),
    ]);
    expect(commands.at(-1)).toEqual({ type: 'wait', ms: 60_000, timerId: `${baseKey}:default:2` });
  });
});

describe('decideDelivery: cancel', () => {
  it('finishes cancelled before the first send', () => {
    expect(decideDelivery(fresh(), { type: 'cancelled' }).commands).toEqual([
      { type: 'finish', outcome: 'cancelled' },
    ]);
  });

  it('finishes cancelled during a backoff wait without sending again', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      failed(`${baseKey}:default:1`, 'transient'),
      { type: 'cancelled' },
      timer(`${baseKey}:default:2`),
    ]);
    expect(commands.map((command) => command.type)).toEqual(['send', 'record', 'wait', 'finish']);
    expect(commands.at(-1)).toEqual({ type: 'finish', outcome: 'cancelled' });
  });

  it('waits for the attempt in flight, records it, and reports it delivered if it got through', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      { type: 'cancelled' },
      succeeded(`${baseKey}:default:1`),
    ]);
    expect(commands.map((command) => command.type)).toEqual(['send', 'record', 'finish']);
    expect(commands.at(-1)).toEqual({ type: 'finish', outcome: 'delivered' });
  });

  it('records a failed attempt in flight and stops instead of retrying or falling back', () => {
    const { commands } = run(fresh(), [
      { type: 'started' },
      { type: 'cancelled' },
      failed(`${baseKey}:default:1`, 'permanent'),
    ]);
    expect(commands.map((command) => command.type)).toEqual(['send', 'record', 'finish']);
    expect(commands.at(-1)).toEqual({ type: 'finish', outcome: 'cancelled' });
  });
});

describe('decideDelivery: every event in every phase', () => {
  const phases: Record<string, DeliveryState> = {
    idle: fresh(),
    sending: run(fresh(), [{ type: 'started' }]).state,
    waiting: run(fresh(), [{ type: 'started' }, failed(`${baseKey}:default:1`, 'transient')]).state,
    finished: run(fresh(), [{ type: 'started' }, succeeded(`${baseKey}:default:1`)]).state,
  };
  const events: Record<string, DeliveryEvent> = {
    started: { type: 'started' },
    succeeded: succeeded(`${baseKey}:default:1`),
    staleSucceeded: succeeded(`${baseKey}:default:9`),
    failed: failed(`${baseKey}:default:1`, 'transient'),
    staleFailed: failed(`${baseKey}:backup:1`, 'transient'),
    timer: timer(`${baseKey}:default:2`),
    staleTimer: timer(`${baseKey}:default:3`),
    cancelled: { type: 'cancelled' },
  };
  // Command types each event yields in each phase; [] means the event is ignored.
  const expected: Record<string, Record<string, string[]>> = {
    idle: {
      started: ['send'],
      succeeded: [],
      staleSucceeded: [],
      failed: [],
      staleFailed: [],
      timer: [],
      staleTimer: [],
      cancelled: ['finish'],
    },
    sending: {
      started: [],
      succeeded: ['record', 'finish'],
      staleSucceeded: [],
      failed: ['record', 'wait'],
      staleFailed: [],
      timer: [],
      staleTimer: [],
      cancelled: [],
    },
    waiting: {
      started: [],
      succeeded: [],
      staleSucceeded: [],
      failed: [],
      staleFailed: [],
      timer: ['send'],
      staleTimer: [],
      cancelled: ['finish'],
    },
    finished: {
      started: [],
      succeeded: [],
      staleSucceeded: [],
      failed: [],
      staleFailed: [],
      timer: [],
      staleTimer: [],
      cancelled: [],
    },
  };
  const cases = Object.entries(phases).flatMap(([phase, state]) =>
    Object.entries(events).map(([name, event]) => ({
      phase,
      name,
      state,
      event,
      types: expected[phase]?.[name],
    })),
  );

  it.each(cases)('$phase + $name → $types', ({ state, event, types, phase, name }) => {
    const decision = decideDelivery(state, event);
    expect(decision.commands.map((command) => command.type)).toEqual(types);
    // Ignored events leave the state as it was, except the remembered cancel of an attempt in flight.
    if (decision.commands.length === 0 && !(phase === 'sending' && name === 'cancelled')) {
      expect(decision.state).toBe(state);
    }
  });

  it('remembers a cancel that arrives while an attempt is in flight', () => {
    expect(decideDelivery(phases.sending ?? fresh(), { type: 'cancelled' }).state.cancelRequested).toBe(true);
  });

  it('keeps the state plain JSON', () => {
    for (const state of Object.values(phases)) expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('initialDeliveryState', () => {
  it.each([
    { change: { baseDelayMs: -1 }, message: /baseDelayMs/ },
    { change: { factor: 0.5 }, message: /factor/ },
    { change: { maxDelayMs: 10 }, message: /maxDelayMs/ },
    { change: { maxAttemptsPerProvider: 0 }, message: /maxAttemptsPerProvider/ },
    { change: { maxAttemptsPerProvider: 1.5 }, message: /maxAttemptsPerProvider/ },
    { change: { maxRetryAfterMs: -1 }, message: /maxRetryAfterMs/ },
  ])('rejects a policy with $change', ({ change, message }) => {
    expect(() =>
      initialDeliveryState({ baseKey, chain: ['default'], policy: { ...policy, ...change } }),
    ).toThrow(message);
  });

  it('uses the default policy when none is given', () => {
    expect(initialDeliveryState({ baseKey, chain: ['default'] }).policy.maxAttemptsPerProvider).toBe(3);
  });

  it('caps Retry-After at a minute for pages by default', () => {
    expect(initialDeliveryState({ baseKey, chain: ['default'] }).policy.maxRetryAfterMs).toBe(60_000);
  });
});
