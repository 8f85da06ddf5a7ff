import { z } from '@oncall/plugin-sdk';

/**
 * Where an SMS or call goes: the endpoint's `value`, a phone number as providerOne takes it
 * (`09121234567`, `+989121234567`). Spaces and dashes people type are dropped.
 */
export const phoneDestinationSchema = z.object({
  value: z
    .string()
    .meta({ title: 'Phone number', format: 'tel', examples: ['+15550100'] })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\+?\d{4,20}$/, 'must be a phone number')),
});
