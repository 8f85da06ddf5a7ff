import { createHash } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { type SmtpConfig, tlsModeOf } from './config';

/** Connections kept open to one mail server; the channel's pacing sends at most ten a second there. */
const MAX_CONNECTIONS = 3;
/**
 * A pooled connection idle this long says QUIT: under `socketTimeout` (30 s), so it is never cut by
 * our own timeout, and far under the five minutes RFC 5321 asks servers to wait.
 */
const CONNECTION_IDLE_MS = 20_000;
/** A transport no send asked for this long is closed and forgotten, its password with it. */
const TRANSPORT_IDLE_MS = 60_000;

interface SharedTransport {
  readonly transport: Transporter;
  readonly forget: NodeJS.Timeout;
}

const transports = new Map<string, SharedTransport>();

/**
 * The pooled transport of this process for an SMTP server and login: the host creates a channel
 * instance per send, and without a shared pool every email would open its own connection, with a
 * TLS handshake and a login each, which mail relays throttle (421) under a burst. A config that
 * changes in anything that reaches the server (host, port, TLS, credentials) is another key, so
 * the next send connects with it; the old pool closes once idle.
 *
 * @example const transport = sharedTransport(config); await transport.sendMail(mail);
 */
export function sharedTransport(config: SmtpConfig): Transporter {
  const key = transportKey(config);
  const shared = transports.get(key);
  if (shared) {
    shared.forget.refresh();
    return shared.transport;
  }
  const transport = createTransport(transportOptions(config, true));
  const forget = setTimeout(() => {
    transports.delete(key);
    transport.close();
  }, TRANSPORT_IDLE_MS);
  forget.unref();
  transports.set(key, { transport, forget });
  return transport;
}

/**
 * A transport of its own for one check (`healthCheck`): a check must open a connection and log in
 * now, not find a pooled one that did so minutes ago.
 */
export function checkTransport(config: SmtpConfig): Transporter {
  return createTransport(transportOptions(config, false));
}

function transportOptions(config: SmtpConfig, pool: boolean) {
  const tls = tlsModeOf(config);
  return {
    host: config.host,
    port: config.port,
    secure: tls === 'implicit',
    // With requireTLS nodemailer sends STARTTLS even when it is not offered, and stops if refused.
    requireTLS: tls === 'starttls',
    auth: config.username ? { user: config.username, pass: config.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(pool
      ? { pool: true as const, maxConnections: MAX_CONNECTIONS, idleTimeout: CONNECTION_IDLE_MS }
      : {}),
  };
}

/** A digest, so the map holds no password in its keys. */
function transportKey(config: SmtpConfig): string {
  const identity = [
    config.host,
    config.port,
    tlsModeOf(config),
    config.username ?? '',
    config.password ?? '',
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('base64url');
}
