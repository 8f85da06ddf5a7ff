import { z } from 'zod';

/**
 * How a scheduled check goes (a rule the service evaluates, a data source it polls): the last run's
 * outcome and when the next is due. `pending`: not run yet.
 */
export const checkStatusSchema = z.object({
  status: z.enum(['ok', 'error', 'pending']),
  error: z
    .string()
    .nullable()
    .describe('why the last run failed: the source did not answer, answered an error, or timed out'),
  failures: z.number().int().describe('runs in a row that failed'),
  intervalSeconds: z.number(),
  lastRunAt: z.iso.datetime().nullable(),
  nextRunAt: z.iso.datetime(),
});
