import { z } from 'zod';
import { idField } from '../common/fields';
import { urgencyField } from '../people/notification-rule-schemas';

/** More schedules than this on one rule is a team list, not an on-call page. */
export const MAX_SCHEDULE_TARGETS = 10;

/**
 * One schedule a rule pages directly, without a flow: everyone on call in it when the alert pages,
 * each by their notification rules of `urgency`. With nobody on call, `teamAdmins` (the default:
 * a rule has no next step to fall back on) pages the schedule's team admins, `nobody` pages no one.
 */
export const scheduleTargetBody = z.strictObject({
  scheduleId: idField('schedule id'),
  ifNobodyOnCall: z
    .enum(['nobody', 'teamAdmins'], { error: 'ifNobodyOnCall must be nobody or teamAdmins.' })
    .default('teamAdmins')
    .describe("with nobody on call: page the schedule's team admins (default) or nobody"),
  urgency: urgencyField.default('default').describe("which of each person's notification rules run"),
  roundRobin: z
    .boolean({ error: 'roundRobin must be true or false.' })
    .default(false)
    .describe('page one of the people on call per alert, the next one for the next alert'),
});

export type ScheduleTargetInput = z.output<typeof scheduleTargetBody>;

/** The schedules a rule pages directly, in order, each at most once. */
export const scheduleTargetList = z
  .array(scheduleTargetBody, { error: 'The schedule targets must be an array.' })
  .max(MAX_SCHEDULE_TARGETS, `A rule may page at most ${MAX_SCHEDULE_TARGETS} schedules directly.`)
  .superRefine((targets, ctx) => {
    targets.forEach((target, index) => {
      if (targets.findIndex((other) => other.scheduleId === target.scheduleId) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'scheduleId'],
          message: 'The schedule is listed twice.',
        });
      }
    });
  });

/** A schedule target as reads show it: its id is the target's id in the delivery log (`flowEndpointId`). */
export const scheduleTargetViewSchema = z.object({
  id: z.string().describe("the target's id: the delivery log's recipient.flowEndpointId for its pages"),
  scheduleId: z.string(),
  scheduleName: z.string().nullable().describe('null when the caller may not use the schedule'),
  ifNobodyOnCall: z.enum(['nobody', 'teamAdmins']),
  urgency: z.enum(['default', 'high']),
  roundRobin: z.boolean(),
});

export type ScheduleTargetView = z.output<typeof scheduleTargetViewSchema>;
