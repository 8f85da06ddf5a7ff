import { lookup } from 'node:dns/promises';

/** One resolved address of a host name. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Resolves a host name to every address it has. The system resolver by default; tests inject a
 * table, which is how DNS answers (rebinding included) are simulated without a DNS server.
 *
 * @example const resolve: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
 */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};
