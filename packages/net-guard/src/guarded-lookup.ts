import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Resolver } from './resolver';
import type { TargetPolicy } from './target-policy';

/**
 * A `lookup` for net.connect that checks every address a name resolves to, at connect time, on the
 * very answer the socket then uses: a name that resolved to a public address when a URL was
 * checked and to 127.0.0.1 a moment later (DNS rebinding) is still refused. One forbidden address
 * refuses the whole name, so a mixed answer cannot be steered to its private half.
 */
export function guardedLookup(policy: TargetPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((resolved) => {
        for (const { address } of resolved) policy.assertAllowed(hostname, address);
        const usable: LookupAddress[] = resolved.filter((entry) => familyMatches(options, entry.family));
        const [first] = usable;
        if (first === undefined)
          throw Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

function familyMatches(options: LookupOptions, family: 4 | 6): boolean {
  const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
  return !wanted || wanted === family;
}
