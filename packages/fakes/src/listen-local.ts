import type { Server } from 'node:net';

/** Binds a server to an ephemeral port on 127.0.0.1 (never another interface) and returns the port. */
export async function listenLocal(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on TCP');
  return address.port;
}

/** Closes a server, resolving once every connection is gone. */
export async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
