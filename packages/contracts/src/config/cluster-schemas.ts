import { z } from 'zod';
import { discriminatorError, keptSecret, requiredHttpUrl } from './config-fields';

const ignored = z.string().nullish().describe('Ignored: a main names no source.');

export const clusterMainBody = z.object({
  type: z.literal('main'),
  sourceUrl: ignored,
  sourceToken: ignored,
});

/** `sourceToken` may be left out (or sent back masked) when a token is already stored. */
export const clusterAgentBody = z.object({
  type: z.literal('agent'),
  sourceUrl: requiredHttpUrl('source url', 'The source url field is required when type is agent.'),
  sourceToken: keptSecret('source token'),
});

export const clusterBody = z.discriminatedUnion('type', [clusterMainBody, clusterAgentBody], {
  error: discriminatorError('type'),
});

export const clusterViewSchema = z.object({
  type: z.enum(['main', 'agent']),
  sourceUrl: z.string(),
  sourceToken: z.string().describe('Masked: never more than the last four characters.'),
});
