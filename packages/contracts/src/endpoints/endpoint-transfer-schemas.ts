import { z } from 'zod';

const STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

/** Which pending hand-overs to list: offered to the caller (the default), or by it. */
export const endpointTransferListQuery = z.object({
  direction: z.enum(['incoming', 'outgoing']).default('incoming'),
});

/** A hand-over of one endpoint, as its giver and its receiver read it (never the destination). */
export const endpointTransferSchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  endpointName: z.string(),
  endpointType: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  status: z.enum(STATUSES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});

/**
 * What `changeOwner` adds to the endpoint it answers: `pending: false` when the endpoint moved at
 * once (an owner or manager gave it), else the offer the receiver must accept.
 */
export const endpointHandOverSchema = z.object({
  pending: z
    .boolean()
    .describe("true while the receiver has not accepted; the endpoint is still the giver's"),
  transfer: z.object({ id: z.string(), status: z.literal('pending'), toUserId: z.string() }).optional(),
});
