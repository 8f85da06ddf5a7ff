import { idList } from '@oncall/contracts';
import { LIVE_EVENT_ID_PATTERN } from '@oncall/core';
import { z } from 'zod';

/**
 * The live subscription's input. `lastEventId` is what `httpSubscriptionLink` adds by itself when
 * it reconnects (the last tracked id it saw); a client may also pass one it kept.
 */
export const liveEventsInput = z
  .strictObject({
    ruleIds: idList('rule ids').optional(),
    lastEventId: z
      .string()
      .max(80)
      .regex(LIVE_EVENT_ID_PATTERN, 'The last event id is not one this service sent.')
      .nullish(),
  })
  .prefault({});
