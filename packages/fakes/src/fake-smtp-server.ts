import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ArrivalCounter } from './arrival-counter';
import { listenLocal } from './listen-local';
import type { TestCertificate } from './self-signed-certificate';

/** A message the fake SMTP server accepted, parsed. */
export interface ReceivedEmail {
  readonly envelopeFrom: string;
  readonly envelopeTo: readonly string[];
  /** The authenticated user, when the client logged in. */
  readonly user: string | undefined;
  /** Whether the message came over TLS (STARTTLS or from the first byte). */
  readonly secure: boolean;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly messageId: string | undefined;
  readonly text: string;
  readonly html: string;
}

/**
 * An in-process SMTP server on 127.0.0.1 that records what it accepts: plain text without STARTTLS
 * by default, or with STARTTLS or TLS from the first byte when given a certificate.
 */
export interface FakeSmtpServer {
  readonly host: string;
  readonly port: number;
  readonly messages: readonly ReceivedEmail[];
  /** Mail transactions started (MAIL FROM), rejected ones included. */
  attempts(): number;
  /** Client connections accepted so far. */
  connections(): number;
  /** Rejects the next MAIL FROM with this SMTP reply code, e.g. 451 (try later) or 550 (refused). */
  rejectNext(code: number, message?: string): void;
  waitForMessages(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeSmtpServerOptions {
  /** When set, AUTH is required and must match. */
  readonly credentials?: { readonly username: string; readonly password: string };
  /** `starttls`: offers STARTTLS; `implicit`: TLS from the first byte. Default: neither. */
  readonly tls?: { readonly mode: 'starttls' | 'implicit'; readonly certificate: TestCertificate };
}

export async function startFakeSmtpServer(options: FakeSmtpServerOptions = {}): Promise<FakeSmtpServer> {
  const messages: ReceivedEmail[] = [];
  const rejections: { code: number; message: string }[] = [];
  const arrivals = new ArrivalCounter();
  let attempts = 0;
  let connections = 0;
  const { credentials, tls } = options;
  const server = new SMTPServer({
    logger: false,
    // A client keeping pooled connections open must not hold a test's close for the default 30 s.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    ...(tls === undefined
      ? { hideSTARTTLS: true, disabledCommands: ['STARTTLS'] }
      : { secure: tls.mode === 'implicit', key: tls.certificate.key, cert: tls.certificate.cert }),
    allowInsecureAuth: true,
    authOptional: credentials === undefined,
    onAuth(auth, _session, callback) {
      const valid = auth.username === credentials?.username && auth.password === credentials?.password;
      if (valid) callback(null, { user: auth.username });
      else callback(smtpError(535, 'Authentication credentials invalid'));
    },
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      const rejection = rejections.shift();
      callback(rejection ? smtpError(rejection.code, rejection.message) : null);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const { mailFrom, rcptTo } = session.envelope;
          messages.push({
            envelopeFrom: mailFrom ? mailFrom.address : '',
            envelopeTo: rcptTo.map((recipient) => recipient.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            secure: session.secure,
            from: mail.from?.text ?? '',
            to: addressText(mail.to),
            subject: mail.subject ?? '',
            messageId: mail.messageId,
            text: mail.text ?? '',
            html: mail.html || '',
          });
          arrivals.arrived();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await listenLocal(server.server);
  return {
    host: '127.0.0.1',
    port,
    messages,
    attempts: () => attempts,
    connections: () => connections,
    rejectNext: (code, message = `${code} rejected by fake`) => rejections.push({ code, message }),
    waitForMessages: (count) => arrivals.atLeast(count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

function addressText(addresses: AddressObject | AddressObject[] | undefined): string {
  if (addresses === undefined) return '';
  return Array.isArray(addresses) ? addresses.map((address) => address.text).join(', ') : addresses.text;
}
