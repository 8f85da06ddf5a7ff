import { z } from 'zod';

/** Every error answer: `message` and `errors` as legacy clients parse them, `code` for machines. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum([
    'unauthenticated',
    'forbidden',
    'not_found',
    'validation_failed',
    'rate_limited',
    'too_many_streams',
    'conflict',
    'unavailable',
    'source_unavailable',
    'zone_unreachable',
    'managed_by_main',
    'payload_too_large',
    'unsupported_media_type',
    'internal',
  ]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
