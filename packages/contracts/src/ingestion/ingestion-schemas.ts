import { z } from 'zod';

const optionalText = (max: number) =>
  z.string().max(max, `May not be greater than ${max} characters.`).optional();

/**
 * What API senders post to fire/resolve/stop/notification: `instance` names the alert instance;
 * legacy senders add their own fields, which are ignored.
 */
export const apiAlertBody = z
  .object({
    instance: z
      .string({ error: 'The instance field is required.' })
      .trim()
      .min(1, 'The instance field is required.')
      .max(1000, 'The instance may not be greater than 1000 characters.'),
    alertname: optionalText(255),
    description: optionalText(10_000),
    summary: optionalText(10_000),
    job: optionalText(255),
  })
  .meta({
    examples: [
      {
        instance: 'db-1:9100',
        alertname: 'DiskAlmostFull',
        description: '/var is 95% full on db-1',
        summary: 'Disk almost full',
      },
    ],
  });

export const statusAlertBody = apiAlertBody
  .extend({
    status: z.enum(['warning', 'critical', 'resolved'], {
      error: 'The status must be one of warning, critical or resolved.',
    }),
  })
  .meta({
    examples: [
      {
        instance: 'db-1:9100',
        alertname: 'DiskAlmostFull',
        status: 'warning',
        description: '/var is 85% full',
      },
    ],
  });

export const ingestAnswerSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  isFire: z.boolean().optional(),
});
