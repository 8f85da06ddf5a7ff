import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies' `X-Forwarded-For` entries to believe, in the forms Fastify's `trustProxy` takes:
 * `false` (none), `true` (every one: any client can then choose its address), a number of hops
 * in front of the server, or addresses, CIDRs and the names `loopback`, `linklocal`, `uniquelocal`.
 */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .default('false')
  .transform((text, ctx): TrustProxy => {
    const value = text.trim();
    if (value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry !== '' && isProxyAddress(entry))) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses or CIDRs',
    });
    return z.NEVER;
  });
