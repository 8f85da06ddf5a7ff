import { z } from 'zod';
import { idField } from '../common/fields';
import { objectOf, type Strictness } from '../common/strictness';
import { urgencyField } from '../people/notification-rule-schemas';

const SECONDS_PER_UNIT = { s: 1, m: 60, h: 3600 } as const;
/** A flow escalates while an alert is live; a single wait beyond a week is a typo, not a plan. */
const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const MAX_STEPS = 50;
const MAX_ENDPOINTS_PER_STEP = 50;
/** Repeating is for a page nobody answered; beyond this many rounds the flow is a pager loop. */
const MAX_REPEAT_ROUNDS = 20;

/** Forms send numbers from text inputs; digits in a string count as the number they spell. */
const duration = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/)], { error: 'The duration must be a number.' })
  .transform(Number)
  .pipe(z.number().int('The duration must be an integer.').positive('The duration must be positive.'));

const endpointIds = z
  .array(idField('endpoint id'), { error: 'The endpoint ids must be an array.' })
  .min(1, 'A step needs at least one endpoint.')
  .max(MAX_ENDPOINTS_PER_STEP, `A step may name at most ${MAX_ENDPOINTS_PER_STEP} endpoints.`)
  .superRefine((ids, ctx) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: 'The endpoint is listed twice in this step.',
        });
      }
    });
  });

/**
 * The steps of a flow endpoint, in order: waits, endpoint notifications, people steps (a schedule's
 * on-call people, a user, a team's people) resolved when they run, and maybe a final repeat.
 */
export function flowStepsSchema(strictness: Strictness) {
  const wait = objectOf(
    {
      type: z.literal('wait'),
      duration,
      timeUnit: z.enum(['s', 'm', 'h'], { error: 'The time unit must be s, m or h.' }),
    },
    strictness,
  );
  const notify = objectOf({ type: z.literal('endpoint'), endpointIds }, strictness);
  const repeat = objectOf(
    {
      type: z.literal('repeat'),
      rounds: z
        .number({ error: 'The rounds must be a number.' })
        .int('The rounds must be an integer.')
        .min(1, 'A repeat needs at least one round.')
        .max(MAX_REPEAT_ROUNDS, `A flow may repeat at most ${MAX_REPEAT_ROUNDS} rounds.`),
      fromStep: z
        .number({ error: 'The step to repeat from must be a number.' })
        .int('The step to repeat from must be an integer.')
        .min(0, 'The step to repeat from must be 0 or more.')
        .optional()
        .describe('the index of the first step repeated; 0 (the whole flow) when absent'),
    },
    strictness,
  );
  // Which of each person's notification rules the step runs; default urgency when absent.
  const urgency = urgencyField.optional();
  // People steps are resolved when they run: whoever is on call then, the user, the team's people.
  const ifNobodyOnCall = z
    .enum(['nextStep', 'teamAdmins'], { error: 'ifNobodyOnCall must be nextStep or teamAdmins.' })
    .default('nextStep');
  const roundRobin = z
    .boolean({ error: 'roundRobin must be true or false.' })
    .optional()
    .describe('page one of the people per alert, the next one for the next alert');
  const schedule = objectOf(
    {
      type: z.literal('schedule'),
      scheduleId: idField('schedule id'),
      ifNobodyOnCall,
      roundRobin,
      urgency,
    },
    strictness,
  );
  // A rotation's current person: its own answer (overrides of that person count), under any layer.
  const rotation = objectOf(
    {
      type: z.literal('rotation'),
      scheduleId: idField('schedule id'),
      rotationId: idField('rotation id'),
      ifNobodyOnCall,
      urgency,
    },
    strictness,
  );
  const user = objectOf({ type: z.literal('user'), userId: idField('user id'), urgency }, strictness);
  const team = objectOf(
    { type: z.literal('team'), teamId: idField('team id'), roundRobin, urgency },
    strictness,
  );
  return z
    .array(
      z.discriminatedUnion('type', [wait, notify, schedule, rotation, user, team, repeat], {
        error: 'The step type must be wait, endpoint, schedule, rotation, user, team or repeat.',
      }),
      {
        error: 'The steps field is required.',
      },
    )
    .min(1, 'A flow needs at least one step.')
    .max(MAX_STEPS, `A flow may have at most ${MAX_STEPS} steps.`)
    .superRefine((steps, ctx) => {
      steps.forEach((step, index) => {
        if (step.type === 'wait' && step.duration * SECONDS_PER_UNIT[step.timeUnit] > MAX_WAIT_SECONDS) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'duration'],
            message: 'A wait may not exceed 7 days.',
          });
        }
        if (step.type === 'repeat') checkRepeat(steps, index, step.fromStep ?? 0, ctx);
      });
    });
}

/**
 * A repeat is the last step, goes back to an earlier one, and the steps it repeats wait somewhere:
 * a round without a wait would page its endpoints (or people steps) again in the same instant.
 */
function checkRepeat(
  steps: ReadonlyArray<{ type: string }>,
  index: number,
  fromStep: number,
  ctx: z.RefinementCtx,
): void {
  if (index !== steps.length - 1) {
    ctx.addIssue({ code: 'custom', path: [index, 'type'], message: 'A repeat must be the last step.' });
  } else if (fromStep >= index) {
    ctx.addIssue({
      code: 'custom',
      path: [index, 'fromStep'],
      message: 'A repeat must go back to an earlier step.',
    });
  } else if (!steps.slice(fromStep, index).some((step) => step.type === 'wait')) {
    ctx.addIssue({
      code: 'custom',
      path: [index, 'fromStep'],
      message: 'The repeated steps need a wait, or every round would page at once.',
    });
  }
}
