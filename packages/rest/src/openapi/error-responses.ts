import { errorBodySchema } from '@oncall/contracts';
import { z } from 'zod';

/** A 422's body: `errors` names each bad field by its path (`steps.0.wait`, `body`, `query`). */
export const validationErrorBodySchema = errorBodySchema
  .extend({
    code: z.literal('validation_failed'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .describe('Messages by field path: dotted for nested fields, `body` for the body as a whole.'),
  })
  .meta({
    examples: [
      {
        message: 'The name field is required.',
        code: 'validation_failed',
        errors: { name: ['The name field is required.'], 'steps.0.wait': ['The wait must be at least 0.'] },
      },
    ],
  });

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  401: 'Missing, invalid or expired credentials (`unauthenticated`).',
  403: 'The caller lacks the role or the access the operation needs (`forbidden`).',
  404: 'No such record, or one the caller cannot see (`not_found`).',
  409: 'The record is not in a state the operation applies to, e.g. a transfer already decided, or the main zone edited (`conflict`).',
  422: 'Bad input: the body, query or path fails validation (`validation_failed`, with field paths).',
  429: 'Too many requests; `Retry-After` says how many seconds to wait (`rate_limited`).',
  502: 'Every data source asked failed (`source_unavailable`), or the agent zone named in `X-Cluster` did not answer within 15 s (`zone_unreachable`).',
};

/**
 * Any other failure every route may answer: for `X-Cluster` (behind the bearer, but for the zone
 * routes) 404 an unknown zone, 409 a revoked one, 502 an agent that did not answer; on an agent, 409
 * a change of a row copied from the main; 413, 415, 500, 503 (database unavailable).
 */
export const DEFAULT_ERROR_DESCRIPTION =
  'Any other error, with the same body: on the bearer routes but the zone routes (`zones`, `skylogs-instance`), ' +
  'an `X-Cluster` header naming no registered zone is a 404, a zone whose token is revoked a 409, an agent that ' +
  'did not answer within 15 s a 502 (`zone_unreachable`); a request forwarded to an agent gets its answer as is. ' +
  'On an agent, a change of a user, team, endpoint or provider config copied from its main is a 409 (`managed_by_main`). ' +
  '413 body too large, 415 not JSON, 503 database unavailable, 500.';
