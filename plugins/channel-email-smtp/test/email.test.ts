import tls from 'node:tls';
import {
  type FakeSmtpServer,
  type FakeSmtpServerOptions,
  selfSignedCertificate,
  startFakeSmtpServer,
  type TestCertificate,
} from '@oncall/fakes';
import { PermanentError, TransientError } from '@oncall/plugin-sdk';
import { runChannelContractTests, sampleMessage } from '@oncall/plugin-sdk/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import email from '../src';
import { tlsModeOf } from '../src/config';

const credentials = { username: 'alerts', password: 'smtp-secret' };

runChannelContractTests(email, {
  signalsRateLimits: false,
  async start() {
    const smtp = await startFakeSmtpServer({ credentials });
    return {
      config: {
        host: smtp.host,
        port: String(smtp.port),
        ...credentials,
        fromAddress: 'oncall@example.com',
        // The fake speaks plain SMTP; TLS is tested on its own below.
        tls: 'none' as const,
      },
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
        tls: 'none',
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
        'Dashboard: https://dashboards.example.com/d/disk',
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

  it('sends over one connection while sends keep coming, though the host creates an instance per send', async () => {
    for (const n of [1, 2, 3]) {
      const instance = await instanceFor();
      await instance.send(sampleMessage('alert'), {
        idempotencyKey: `evt-${n}:ep-1:0:0`,
        destination: { value: 'alice@example.com' },
      });
    }
    await smtp.waitForMessages(3);
    expect(smtp.messages.map((message) => message.user)).toEqual(['alerts', 'alerts', 'alerts']);
    expect(smtp.connections()).toBe(1);
  });

  it('connects again with a changed password instead of reusing the pooled login', async () => {
    await (await instanceFor()).send(sampleMessage('alert'), {
      idempotencyKey: 'evt-1:ep-1:0:0',
      destination: { value: 'alice@example.com' },
    });
    const error = await failure(
      (await instanceFor({ password: 'rotated-away' })).send(sampleMessage('alert'), {
        idempotencyKey: 'evt-2:ep-1:0:0',
        destination: { value: 'alice@example.com' },
      }),
    );
    expect(error).toBeInstanceOf(PermanentError);
    expect(String(error)).toContain('SMTP 535');
    expect(smtp.connections()).toBe(2);
    expect(smtp.messages).toHaveLength(1);
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

describe('email-smtp TLS', () => {
  let certificate: TestCertificate;
  let smtp: FakeSmtpServer;
  const start = async (tlsOptions?: FakeSmtpServerOptions['tls']) => {
    smtp = await startFakeSmtpServer({ credentials, tls: tlsOptions });
  };
  const sendWith = async (config: Record<string, unknown>) => {
    const instance = await email.create(
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
    return instance.send(sampleMessage('alert'), {
      idempotencyKey: 'k',
      destination: { value: 'alice@example.com' },
    });
  };
  const refusal = (config: Record<string, unknown>) =>
    sendWith(config).then(
      () => expect.fail('expected the send to be refused'),
      (error: unknown) => error,
    );
  /** Makes this process trust the fake's self-signed certificate, as a server's CA would be trusted. */
  const trustFakeCertificate = () => {
    const connect = tls.connect;
    const trusting = (options: tls.ConnectionOptions, listener?: () => void) =>
      connect({ ...options, ca: certificate.cert }, listener);
    vi.spyOn(tls, 'connect').mockImplementation(trusting as typeof tls.connect);
  };

  beforeAll(async () => {
    certificate = await selfSignedCertificate();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await smtp.close();
  });
  afterAll(() => vi.restoreAllMocks());

  it.each([
    ['no TLS setting', {}],
    ['the legacy secure: false', { secure: false }],
    ['tls: starttls', { tls: 'starttls' }],
  ])(
    'refuses a server without STARTTLS with %s, before sending credentials or mail',
    async (_how, config) => {
      await start();
      const error = await refusal(config);
      expect(error).toBeInstanceOf(PermanentError);
      expect(smtp.attempts()).toBe(0);
      expect(smtp.messages).toEqual([]);
    },
  );

  it('sends in plain text to a server without STARTTLS when the config says tls: none', async () => {
    await start();
    await sendWith({ tls: 'none' });
    expect(smtp.messages.map((message) => [message.user, message.secure])).toEqual([['alerts', false]]);
  });

  it('upgrades with STARTTLS by default', async () => {
    await start({ mode: 'starttls', certificate });
    trustFakeCertificate();
    await sendWith({});
    expect(smtp.messages.map((message) => [message.user, message.secure])).toEqual([['alerts', true]]);
  });

  it('refuses a STARTTLS certificate the system does not trust', async () => {
    await start({ mode: 'starttls', certificate });
    expect(await refusal({})).toBeInstanceOf(PermanentError);
    expect(smtp.messages).toEqual([]);
  });

  it('speaks TLS from the first byte with tls: implicit', async () => {
    await start({ mode: 'implicit', certificate });
    trustFakeCertificate();
    await sendWith({ tls: 'implicit' });
    expect(smtp.messages.map((message) => message.secure)).toEqual([true]);
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

  it('requires TLS unless told otherwise: implicit on port 465 or with secure, STARTTLS elsewhere', () => {
    const base = { host: 'smtp.example.com', fromAddress: 'oncall@example.com' };
    const mode = (config: Record<string, unknown>) =>
      tlsModeOf(email.configSchema.parse({ ...base, ...config }));
    expect(mode({})).toBe('starttls');
    expect(mode({ port: '465' })).toBe('implicit');
    expect(mode({ secure: true })).toBe('implicit');
    expect(mode({ secure: false, port: '465' })).toBe('starttls');
    expect(mode({ secure: true, tls: 'none' })).toBe('none');
    expect(email.configSchema.safeParse({ ...base, tls: 'ssl' }).success).toBe(false);
  });

  it('marks the password secret', () => {
    expect(email.secretFields).toEqual(['password']);
  });
});
