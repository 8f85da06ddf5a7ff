import { z } from 'zod';

const PORT_MAX = 65_535;

/** `host:port` as Temporal's native connection expects it: no scheme, IPv6 in brackets. */
const address = z
  .string()
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/, 'must be host:port, e.g. temporal:7233')
  .refine((value) => {
    const port = Number(value.slice(value.lastIndexOf(':') + 1));
    return port >= 1 && port <= PORT_MAX;
  }, 'port must be 1-65535');

/**
 * Where the worker polls. The task queue must match the one the engine starts workflows on.
 *
 * @example
 * workerOptionsSchema.parse({ address: 'localhost:7233', namespace: 'default', taskQueue: 'oncall' });
 */
export const workerOptionsSchema = z.object({
  address,
  namespace: z.string().min(1),
  taskQueue: z.string().min(1),
});

export type WorkerOptions = z.infer<typeof workerOptionsSchema>;

/**
 * Reads the worker's settings from an environment. The only place this app reads it, until
 * `@oncall/config` supplies the same values.
 *
 * @example
 * workerOptionsFromEnv({ TEMPORAL_ADDRESS: 'temporal:7233' });
 * // { address: 'temporal:7233', namespace: 'default', taskQueue: 'oncall' }
 */
export function workerOptionsFromEnv(env: NodeJS.ProcessEnv): WorkerOptions {
  return workerOptionsSchema.parse({
    address: env.TEMPORAL_ADDRESS,
    namespace: env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue: env.TEMPORAL_TASK_QUEUE ?? 'oncall',
  });
}
