import { z } from 'zod';

const PORT_MAX = 65_535;

/**
 * `host:port` as Temporal's native connection expects it: no scheme, IPv6 in brackets. Checked
 * here so a misconfigured address fails at start-up with a clear message, not as a connection timeout.
 */
export const temporalAddressSchema = z
  .string()
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/, 'must be host:port, e.g. temporal:7233')
  .refine((value) => {
    const port = Number(value.slice(value.lastIndexOf(':') + 1));
    return port >= 1 && port <= PORT_MAX;
  }, 'port must be 1-65535');
