import { z } from 'zod';

const stringRecord = z.record(z.string(), z.string());
const someText = z.string().trim().min(1);

/**
 * The shape every `NormalizedAlert` must have, checked at run time by the contract-test kit
 * (and available to hosts that want to check third-party plugins' output). Strict: an unknown key
 * is a plugin bug (a misspelt `dashboardUrl` belongs in `details`).
 *
 * @example expect(normalizedAlertSchema.safeParse(alert).success).toBe(true);
 */
export const normalizedAlertSchema = z.strictObject({
  name: someText,
  status: z.enum(['firing', 'resolved']),
  severity: z.enum(['critical', 'warning', 'info']).optional(),
  instance: someText.optional(),
  summary: someText.optional(),
  description: someText.optional(),
  labels: stringRecord,
  annotations: stringRecord,
  startsAt: z.iso.datetime().optional(),
  endsAt: z.iso.datetime().optional(),
  fingerprint: someText,
  details: stringRecord,
  link: z.url({ protocol: /^https?$/ }).optional(),
});
