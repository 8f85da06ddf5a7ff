import { z } from 'zod';
import { pageQueryShape } from '../common/page-query';

/** `alertRuleIds[]=a&alertRuleIds[]=b`, `alertRuleIds=a&alertRuleIds=b` and `alertRuleIds=a,b` all mean the same list. */
function collectIds(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const query = raw as Record<string, unknown>;
  const given = query.alertRuleIds ?? query['alertRuleIds[]'];
  const list = (Array.isArray(given) ? given : given === undefined ? [] : [given]).flatMap((v) =>
    typeof v === 'string' ? v.split(',').filter(Boolean) : [v],
  );
  return { ...query, alertRuleIds: given === undefined ? undefined : list };
}

export const statusTimelineQuery = z.preprocess(
  collectIds,
  z
    .object({
      alertRuleIds: z
        .array(z.string().max(64), { error: 'The alert rule ids field is required.' })
        .min(1, 'The alert rule ids field is required.')
        .max(500, 'At most 500 alert rules at once.'),
      fromTime: z.coerce
        .number({ error: 'The from time must be unix seconds.' })
        .int('The from time must be unix seconds.'),
      toTime: z.coerce
        .number({ error: 'The to time must be unix seconds.' })
        .int('The to time must be unix seconds.'),
      bucketCount: z.coerce
        .number({ error: 'The bucket count must be an integer.' })
        .int('The bucket count must be an integer.')
        .min(1, 'The bucket count must be at least 1.')
        .max(1000, 'The bucket count may not be greater than 1000.')
        .default(60),
    })
    .refine((q) => q.toTime > q.fromTime, {
      path: ['toTime'],
      message: 'The to time must be after the from time.',
    }),
);

/** `Y-m-d H:i`, read as UTC. */
const minute = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'Use the format Y-m-d H:i.')
  .transform((text, ctx) => {
    const date = new Date(`${text.replace(' ', 'T')}:00Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Not a valid date.' });
      return z.NEVER;
    }
    return date;
  });

export const historyQuery = z.object({
  ...pageQueryShape(50),
  from: minute.optional(),
  to: minute.optional(),
});
