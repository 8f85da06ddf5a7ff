import { historyQuery, idField, pageQueryShape, statusTimelineFilter } from '@oncall/contracts';
import { z } from 'zod';

/**
 * The REST alert-read queries made strict. The timeline's ids are one JSON list here (REST also
 * reads the query string's `alertRuleIds[]` spellings); history's `from`/`to` keep REST's
 * `Y-m-d H:i` (UTC) so both faces page the same history.
 */
export const statusTimelineInput = statusTimelineFilter.strict();
export const historyInput = historyQuery.strict().extend({ id: idField('id') });

/** A rule's episodes, newest first. */
export const episodeListInput = z.strictObject({ ruleId: idField('rule id'), ...pageQueryShape() });

/** The delivery log of a rule, or of one of its episodes. */
export const deliveryLogInput = z.strictObject({
  ruleId: idField('rule id'),
  episodeId: idField('episode id').optional(),
  ...pageQueryShape(50),
});

/** A page of what fires now across the visible rules; the whole input may be left out. */
export const firingInput = z.strictObject(pageQueryShape(50)).prefault({});

/** Most instances `alerts.triggered` answers with when the caller names no limit. */
export const TRIGGERED_DEFAULT_LIMIT = 100;

/**
 * A rule's firing instances, newest first, at most `limit` of them (the answer's `total` counts
 * all): a rule with 100,000 open instances must not send them all to a browser.
 */
export const triggeredInput = z.strictObject({
  id: idField('id'),
  limit: z.number().int().min(1).max(1000).default(TRIGGERED_DEFAULT_LIMIT),
});
