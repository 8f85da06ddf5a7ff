import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Linux hands outgoing connections source ports from this range; a server spawned on one may find it taken. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return [Number(low), Number(high)];
  } catch {
    return [32_768, 60_999];
  }
}

/** Whether a server could listen on `port` on loopback now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A loopback port for a server a test spawns: below the ephemeral range (where the many outgoing
 * connections of a parallel test run take their source ports, so a random port there was taken at
 * times by the time the child bound it) and free when asked.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralLow);
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await portIsFree(port)) return port;
  }
}
