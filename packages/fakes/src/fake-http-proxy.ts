import { createServer, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { ArrivalCounter } from './arrival-counter';
import { closeServer, listenLocal } from './listen-local';
import { parseLoopbackTarget } from './loopback-target';
import { SocketTracker } from './socket-tracker';

/** One request or tunnel that went through a fake proxy. */
export interface ProxiedConnection {
  /** Always `CONNECT`: both fake proxies only tunnel. */
  readonly method: 'CONNECT';
  /** `host:port` the client asked for. */
  readonly target: string;
  /** The user the client authenticated as, if any. */
  readonly username: string | undefined;
}

/** A local proxy that records what passes through it and reaches loopback targets only. */
export interface FakeProxy {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly connections: readonly ProxiedConnection[];
  waitForConnections(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeProxyOptions {
  /** When set, clients must authenticate with exactly these. */
  readonly credentials?: { readonly username: string; readonly password: string };
}

type Admission = { readonly refusal: 403 | 407 } | { readonly host: string; readonly port: number };

const REFUSAL_LINES = { 403: '403 Forbidden', 407: '407 Proxy Authentication Required' } as const;

/** An HTTP proxy that tunnels CONNECT requests, with optional Basic proxy auth. */
export async function startFakeHttpProxy(options: FakeProxyOptions = {}): Promise<FakeProxy> {
  const connections: ProxiedConnection[] = [];
  const arrivals = new ArrivalCounter();
  const sockets = new SocketTracker();
  const admit = (request: IncomingMessage, authority: string): Admission => {
    const user = basicUser(request, options.credentials);
    if (!user.ok) return { refusal: 407 };
    const target = parseLoopbackTarget(authority);
    if (target === undefined) return { refusal: 403 };
    connections.push({ method: 'CONNECT', target: authority, username: user.username });
    arrivals.arrived();
    return target;
  };

  // Clients tunnel (CONNECT) for every target, which is what undici's ProxyAgent does.
  const server = createServer((_request, response) => {
    response.writeHead(405, { allow: 'CONNECT' }).end('only CONNECT is supported');
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('error', () => client.destroy());
    const admission = admit(request, request.url ?? '');
    if ('refusal' in admission) {
      client.end(`HTTP/1.1 ${REFUSAL_LINES[admission.refusal]}\r\n\r\n`);
      return;
    }
    const upstream = connect(admission.port, admission.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
  });
  sockets.watch(server);
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}`,
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

function basicUser(
  request: IncomingMessage,
  credentials: FakeProxyOptions['credentials'],
): { ok: boolean; username: string | undefined } {
  const header = request.headers['proxy-authorization'];
  const decoded = header?.startsWith('Basic ')
    ? Buffer.from(header.slice(6), 'base64').toString('utf8')
    : undefined;
  const separator = decoded?.indexOf(':') ?? -1;
  const username = decoded && separator >= 0 ? decoded.slice(0, separator) : undefined;
  const password = decoded && separator >= 0 ? decoded.slice(separator + 1) : undefined;
  if (credentials === undefined) return { ok: true, username };
  return { ok: username === credentials.username && password === credentials.password, username };
}
