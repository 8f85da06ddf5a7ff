import { z } from '@oncall/plugin-sdk';

/**
 * The body of Splunk's webhook alert action: the search's first result row and where it came
 * from. `result` is absent (or null) for alerts that fire on zero results. Result values are
 * strings, or arrays of strings for multivalue fields.
 */
export const splunkPayloadSchema = z.looseObject({
  search_name: z.string().regex(/\S/, 'must not be blank'),
  result: z.record(z.string(), z.unknown()).nullish(),
  sid: z.string().optional(),
  results_link: z.string().optional(),
  owner: z.string().optional(),
  app: z.string().optional(),
});

export type SplunkPayload = z.output<typeof splunkPayloadSchema>;
