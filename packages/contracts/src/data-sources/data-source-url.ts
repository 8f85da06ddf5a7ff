import { z } from 'zod';

const MAX = 2048;

/**
 * The base URL of a monitoring system: http or https only (the status check and queries speak
 * nothing else), with credentials in their own fields rather than in the URL, where they would be
 * stored in clear and shown to every reader. Trailing slashes are dropped so paths join cleanly.
 */
export const dataSourceUrl = z
  .string({ error: 'The url field is required.' })
  .trim()
  .min(1, 'The url field is required.')
  .max(MAX, `The url may not be greater than ${MAX} characters.`)
  .superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.replace(/\/+$/, ''));

function urlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return 'The url must be a valid URL.';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The url must start with http:// or https://.';
  if (url.username || url.password)
    return 'Put credentials in the username and password fields, not in the url.';
  if (url.search || url.hash) return 'The url may not contain a query string or fragment.';
  return undefined;
}
