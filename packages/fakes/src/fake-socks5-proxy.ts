import { connect, createServer, type Socket } from 'node:net';
import { ArrivalCounter } from './arrival-counter';
import { ByteReader } from './byte-reader';
import type { FakeProxy, FakeProxyOptions, ProxiedConnection } from './fake-http-proxy';
import { closeServer, listenLocal } from './listen-local';
import { parseLoopbackTarget } from './loopback-target';
import { SocketTracker } from './socket-tracker';

const VERSION = 0x05;
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_ACCEPTABLE_METHOD = 0xff;
const CONNECT = 0x01;
const REPLY_OK = 0x00;
const REPLY_NOT_ALLOWED = 0x02;
const REPLY_REFUSED = 0x05;
const REPLY_COMMAND_UNSUPPORTED = 0x07;

/** A SOCKS5 proxy (RFC 1928, CONNECT only, optional RFC 1929 user/password) to loopback targets. */
export async function startFakeSocks5Proxy(options: FakeProxyOptions = {}): Promise<FakeProxy> {
  const connections: ProxiedConnection[] = [];
  const arrivals = new ArrivalCounter();
  const sockets = new SocketTracker();
  const server = createServer((client) => {
    client.on('error', () => client.destroy());
    handshake(client, options, sockets).then(
      (connection) => {
        if (connection === undefined) return;
        connections.push(connection);
        arrivals.arrived();
      },
      () => client.destroy(),
    );
  });
  sockets.watch(server);
  const port = await listenLocal(server);
  return {
    url: `socks5://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    connections,
    waitForConnections: (count) => arrivals.atLeast(count),
    async close() {
      sockets.destroyAll();
      await closeServer(server);
    },
  };
}

async function handshake(
  client: Socket,
  options: FakeProxyOptions,
  sockets: SocketTracker,
): Promise<ProxiedConnection | undefined> {
  const reader = new ByteReader(client);
  const [, methodCount = 0] = await reader.read(2);
  const methods = [...(await reader.read(methodCount))];
  const wanted = options.credentials ? USER_PASS : NO_AUTH;
  if (!methods.includes(wanted)) {
    client.end(Buffer.from([VERSION, NO_ACCEPTABLE_METHOD]));
    return undefined;
  }
  client.write(Buffer.from([VERSION, wanted]));
  const username = wanted === USER_PASS ? await authenticate(reader, client, options) : undefined;
  if (wanted === USER_PASS && username === undefined) return undefined;

  const [, command, , addressType] = await reader.read(4);
  const host = await readAddress(reader, addressType);
  const port = (await reader.read(2)).readUInt16BE(0);
  const authority = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const target = command === CONNECT ? parseLoopbackTarget(authority) : undefined;
  if (target === undefined) {
    reply(client, command === CONNECT ? REPLY_NOT_ALLOWED : REPLY_COMMAND_UNSUPPORTED);
    return undefined;
  }

  const upstream = connect(target.port, target.host);
  sockets.add(upstream);
  await new Promise<void>((resolve, reject) => {
    upstream.once('connect', resolve);
    upstream.once('error', reject);
  }).catch((error: unknown) => {
    reply(client, REPLY_REFUSED);
    throw error;
  });
  client.write(Buffer.from([VERSION, REPLY_OK, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
  upstream.write(reader.release());
  upstream.pipe(client).pipe(upstream);
  upstream.on('error', () => client.destroy());
  return { method: 'CONNECT', target: authority, username };
}

async function authenticate(
  reader: ByteReader,
  client: Socket,
  options: FakeProxyOptions,
): Promise<string | undefined> {
  const [, userLength = 0] = await reader.read(2);
  const username = (await reader.read(userLength)).toString('utf8');
  const [passwordLength = 0] = await reader.read(1);
  const password = (await reader.read(passwordLength)).toString('utf8');
  const ok = username === options.credentials?.username && password === options.credentials?.password;
  if (!ok) {
    client.end(Buffer.from([0x01, 0x01]));
    return undefined;
  }
  client.write(Buffer.from([0x01, 0x00]));
  return username;
}

async function readAddress(reader: ByteReader, addressType: number | undefined): Promise<string> {
  if (addressType === 0x01) return [...(await reader.read(4))].join('.');
  if (addressType === 0x03) {
    const [length = 0] = await reader.read(1);
    return (await reader.read(length)).toString('utf8');
  }
  if (addressType === 0x04) {
    const bytes = await reader.read(16);
    return Array.from({ length: 8 }, (_, group) => bytes.readUInt16BE(group * 2).toString(16)).join(':');
  }
  throw new Error(`unknown SOCKS5 address type ${addressType}`);
}

function reply(client: Socket, code: number): void {
  client.end(Buffer.from([VERSION, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
}
