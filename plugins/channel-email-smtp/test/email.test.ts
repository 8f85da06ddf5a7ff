import { type FakeSmtpServer, startFakeSmtpServer } from '@oncall/fakes';
import { PermanentError, TransientError } from '@oncall/plugin-sdk';
import { runChannelContractTests, sampleMessage } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import email from '../src';

const credentials = { username: 'alerts', password: 'smtp-secret' };

runChannelContractTests(email, {
  signalsRateLimits: false,
  async start() {
    const smtp = await startFakeSmtpServer({ credentials });
    return {
      config: { host: smtp.host, port: String(smtp.port), ...credentials, fromAddress: 'oncall@example.com' },
      destination: { value: 'alice@example.com' },
      deliveries: () => smtp.attempts(),
      failNext(failure) {
        if (failure.kind === 'transient') smtp.rejectNext(451, 'Try again later');
        else if (failure.kind === 'permanent' && failure.reason === 'unauthorized') {
          smtp.rejectNext(530, 'Authentication required');
        } else smtp.rejectNext(550, 'Relaying denied');
      },
      close: () => smtp.close(),
    };
  },
});

describe('email-smtp', () => {
  let smtp: FakeSmtpServer;
  const instanceFor = (config: Record<string, unknown> = {}) =>
    email.create(
      email.configSchema.parse({
        host: smtp.host,
        port: String(smtp.port),
        ...credentials,
        fromAddress: 'oncall@example.com',
        ...config,
      }),
      {
        fetch: globalThis.fetch,
        logger: { debug() {}, info() {}, warn() {}, error() {} },
        clock: { now: () => new Date() },
      },
    );
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected a failure'),
      (error: unknown) => error,
    );

  beforeEach(async () => {
    smtp = await startFakeSmtpServer({ credentials });
  });

  afterEach(async () => {
    await smtp.close();
  });

  it('delivers from the configured address to the endpoint, authenticated, with text and HTML', async () => {
    const instance = await instanceFor();
    const result = await instance.send(sampleMessage('alert'), {
      idempotencyKey: 'evt-1:ep-3:0:0',
      destination: { value: 'alice@example.com' },
    });
    await smtp.waitForMessages(1);
    const [received] = smtp.messages;
    expect(received).toMatchObject({
      envelopeFrom: 'oncall@example.com',
      envelopeTo: ['alice@example.com'],
      user: 'alerts',
      from: 'oncall@example.com',
      to: 'alice@example.com',
      subject: 'CRITICAL: Disk almost full on db-1',
      messageId: '<evt-1=3Aep-3=3A0=3A0@example.com>',
    });
    expect(result.providerMessageId).toBe('<evt-1=3Aep-3=3A0=3A0@example.com>');
    expect(received?.text.trim()).toBe(
      [
        'CRITICAL: Disk almost full on db-1',
        'Free space is 3% on /var/lib/postgresql.',
        'Dashboard: https://grafana.example.com/d/disk',
        'Acknowledge: https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed',
      ].join('\n'),
    );
    expect(received?.html).toContain(
      '<a href="https://oncall.example.com/api/v1/alert-rule/acknowledgeL/rule-1?token=signed"',
    );
    expect(received?.html).toContain('>Acknowledge</a>');
  });

  it('escapes alert text in the HTML part', async () => {
    const instance = await instanceFor();
    await instance.send(
      { kind: 'alert', severity: 'warning', title: '<img src=x onerror=alert(1)>', body: 'a < b\nc & d' },
      { idempotencyKey: 'k', destination: { value: 'bob@example.com' } },
    );
    await smtp.waitForMessages(1);
    const html = smtp.messages[0]?.html ?? '';
    expect(html).toContain('WARNING: &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('a &lt; b<br>c &amp; d');
    expect(html).not.toContain('<img');
  });

  it('gives a replayed attempt the same Message-ID', async () => {
    const instance = await instanceFor();
    const options = { idempotencyKey: 'evt-9:ep-1:0:0', destination: { value: 'alice@example.com' } };
    await instance.send(sampleMessage('alert'), options);
    await instance.send(sampleMessage('alert'), options);
    await smtp.waitForMessages(2);
    expect(new Set(smtp.messages.map((message) => message.messageId)).size).toBe(1);
  });

  it('reports wrong credentials as PermanentError', async () => {
    const instance = await instanceFor({ password: 'wrong' });
    const error = await failure(
      instance.send(sampleMessage('test'), {
        idempotencyKey: 'k',
        destination: { value: 'alice@example.com' },
      }),
    );
    expect(error).toBeInstanceOf(PermanentError);
    expect(String(error)).toContain('SMTP 535');
  });

  it('reports a refused connection as TransientError', async () => {
    const gone = await startFakeSmtpServer();
    await gone.close();
    const instance = await instanceFor({ port: String(gone.port) });
    const error = await failure(
      instance.send(sampleMessage('test'), {
        idempotencyKey: 'k',
        destination: { value: 'alice@example.com' },
      }),
    );
    expect(error).toBeInstanceOf(TransientError);
  });

  it('checks the server and credentials in healthCheck', async () => {
    await expect((await instanceFor()).healthCheck?.()).resolves.toBeUndefined();
    const error = await failure(
      (await instanceFor({ password: 'wrong' })).healthCheck?.() ?? Promise.resolve(),
    );
    expect(error).toBeInstanceOf(PermanentError);
  });
});

describe('email-smtp config', () => {
  it('takes the port as the string legacy clients send, 587 when empty', () => {
    const base = { host: 'smtp.example.com', fromAddress: 'oncall@example.com' };
    expect(email.configSchema.parse({ ...base, port: '465' }).port).toBe(465);
    expect(email.configSchema.parse({ ...base, port: '' }).port).toBe(587);
    expect(email.configSchema.parse(base).port).toBe(587);
    expect(email.configSchema.safeParse({ ...base, port: 'smtp' }).success).toBe(false);
  });

  it('treats empty credentials as none', () => {
    const parsed = email.configSchema.parse({
      host: 'smtp.example.com',
      fromAddress: 'oncall@example.com',
      username: '',
      password: '',
    });
    expect(parsed.username).toBeUndefined();
    expect(parsed.password).toBeUndefined();
  });

  it('marks the password secret', () => {
    expect(email.secretFields).toEqual(['password']);
  });
});
