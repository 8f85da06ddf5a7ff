import { z } from 'zod';
import { pageQueryShape } from '../common/page-query';
import { unixSecondsField, withinTimeBounds } from '../common/time-bounds';

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

/** The status timeline's query once its ids are one list: what a JSON client (tRPC) sends. */
export const statusTimelineFilter = z
  .object({
    alertRuleIds: z
      .array(z.string().max(64), { error: 'The alert rule ids field is required.' })
      .min(1, 'The alert rule ids field is required.')
      .max(500, 'At most 500 alert rules at once.'),
    fromTime: unixSecondsField('from time'),
    toTime: unixSecondsField('to time'),
    bucketCount: z.coerce
      .number({ error: 'The bucket count must be an integer.' })
      .int('The bucket count must be an integer.')
      .min(1, 'The bucket count must be at least 1.')
      .max(1000, 'The bucket count may not be greater than 1000.')
      .default(100),
  })
  .refine((q) => q.toTime > q.fromTime, {
    path: ['toTime'],
    message: 'The to time must be after the from time.',
  });

export const statusTimelineQuery = z.preprocess(collectIds, statusTimelineFilter);

const STATUS = z.enum(['unknown', 'warning', 'critical', 'triggered', 'resolved']);

/** Each rule's timeline, in the shape the legacy web UI and CLI read. */
export const statusTimelineSchema = z.array(
  z.object({
    alertRuleId: z.string(),
    name: z.string(),
    type: z.string(),
    bucketSeconds: z.number().int().describe('max(100, ceil((toTime - fromTime) / bucketCount)).'),
    segments: z.array(
      z.object({
        status: STATUS.describe('The worst state in force during the segment.'),
        fromTime: z.number().int().describe('Unix seconds (milliseconds when asked in them), inclusive.'),
        toTime: z
          .number()
          .int()
          .describe(
            'Unix seconds, exclusive: fromTime + bucketSeconds (the last may reach past the query toTime).',
          ),
        changesCount: z.number().int().describe('Itemized events inside that changed the state.'),
        count: z
          .number()
          .int()
          .optional()
          .describe('Only when asked in milliseconds (the legacy web UI): the bar slots it covers, 1.'),
        summary: z
          .string()
          .optional()
          .describe(
            'Only when asked in milliseconds: the summary of its last event of its status, else its last.',
          ),
        events: z
          .array(
            z.object({
              status: STATUS,
              fromTime: z.number().int(),
              toTime: z.number().int(),
              count: z.number().int().describe('Consecutive history events of this status.'),
              summary: z
                .string()
                .nullable()
                .describe('The description of the last of them (200 characters).'),
            }),
          )
          .describe(
            'The newest runs (at most 10) of the rule’s newest history events: 2,000 shared among the rules asked for, at least 10 each.',
          ),
      }),
    ),
  }),
);

/** `Y-m-d H:i`, read as UTC, from 1970-01-01 00:00 to 9999-12-31 23:59 (as `unixSecondsField`). */
const minute = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'Use the format Y-m-d H:i.')
  .transform((text, ctx) => {
    const date = new Date(`${text.replace(' ', 'T')}:00Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Not a valid date.' });
      return z.NEVER;
    }
    if (!withinTimeBounds(date)) {
      ctx.addIssue({
        code: 'custom',
        message: 'The date must be between 1970-01-01 00:00 and 9999-12-31 23:59.',
      });
      return z.NEVER;
    }
    return date;
  });

export const historyQuery = z.object({
  ...pageQueryShape(50),
  from: minute.optional(),
  to: minute.optional(),
});
