import { ALERT_STATES, DELIVERY_GROUPINGS, REPORT_GROUPINGS } from '@oncall/core';
import { z } from 'zod';

const ids = z
  .array(z.uuid({ error: 'Not an id.' }))
  .max(100)
  .optional();
const instant = z.iso.datetime({ offset: true, error: 'An ISO 8601 instant with an offset.' }).optional();

/** Which rules and which time range a report covers (always within the rules the caller may see). */
const filterShape = {
  from: instant,
  to: instant,
  ruleIds: ids,
  tags: z.array(z.string().min(1).max(255)).max(20).optional(),
  teamIds: ids,
  ruleStates: z.array(z.enum(ALERT_STATES)).max(10).optional(),
};

const rangeInOrder = (f: { from?: string; to?: string }) =>
  !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to);
const inOrder = { path: ['to'], error: 'Must be after from.' };

export const responseTimesInput = z
  .strictObject({ ...filterShape, groupBy: z.enum(REPORT_GROUPINGS).default('none') })
  .refine(rangeInOrder, inOrder)
  .prefault({});

export const noisiestRulesInput = z
  .strictObject({ ...filterShape, first: z.number().int().min(1).max(100).default(10) })
  .refine(rangeInOrder, inOrder)
  .prefault({});

export const deliveryStatsInput = z
  .strictObject({ ...filterShape, groupBy: z.enum(DELIVERY_GROUPINGS).default('channel') })
  .refine(rangeInOrder, inOrder)
  .prefault({});
