import { z } from 'zod';

const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;

/**
 * `page` and `perPage` as legacy clients send them (query strings). Values outside 1..100 are
 * clamped rather than refused, as the product this replaces did; text that is no number is a 422.
 */
export function pageQueryShape(defaultPerPage = DEFAULT_PER_PAGE) {
  return {
    page: z.coerce
      .number({ error: 'The page must be an integer.' })
      .int('The page must be an integer.')
      .default(1)
      .transform((n) => Math.max(1, Math.min(n, 1_000_000))),
    perPage: z.coerce
      .number({ error: 'The per page must be an integer.' })
      .int('The per page must be an integer.')
      .default(defaultPerPage)
      .transform((n) => Math.max(1, Math.min(n, MAX_PER_PAGE))),
  };
}

export const pageQuerySchema = z.object(pageQueryShape());
