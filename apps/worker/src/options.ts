import { type AppConfig, ConfigError, temporalAddressSchema } from '@oncall/config';
import { z } from 'zod';

/**
 * Where the worker polls. The task queue must match the one the engine starts workflows on.
 *
 * @example
 * workerOptionsSchema.parse({ address: 'localhost:7233', namespace: 'default', taskQueue: 'oncall' });
 */
export const workerOptionsSchema = z.object({
  address: temporalAddressSchema,
  namespace: z.string().min(1),
  taskQueue: z.string().min(1),
});

export type WorkerOptions = z.infer<typeof workerOptionsSchema>;

/**
 * The worker's Temporal settings from the loaded configuration; the server may run without
 * Temporal, but this process exists only to work its queues.
 *
 * @example
 * workerOptionsFrom(loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233' }));
 * // { address: 'temporal:7233', namespace: 'default', taskQueue: 'oncall' }
 */
export function workerOptionsFrom(config: AppConfig): WorkerOptions {
  if (config.temporal === undefined) {
    throw new ConfigError([
      { variable: 'TEMPORAL_ADDRESS', message: 'required by apps/worker: the Temporal frontend it polls' },
    ]);
  }
  return config.temporal;
}
