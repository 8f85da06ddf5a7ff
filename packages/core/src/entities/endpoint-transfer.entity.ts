import { defineEntity, p } from '@mikro-orm/core';
import { Endpoint } from './endpoint.entity';
import { newId } from './new-id';
import { User } from './user.entity';

export const ENDPOINT_TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type EndpointTransferStatus = (typeof ENDPOINT_TRANSFER_STATUSES)[number];

/**
 * An endpoint offered by its owner to another user: it stays the giver's until the receiver
 * accepts. At most one is pending per endpoint (a partial unique index in the migration); a new
 * offer cancels the one before it.
 */
const EndpointTransferSchema = defineEntity({
  name: 'EndpointTransfer',
  tableName: 'endpoint_transfers',
  indexes: [
    { properties: ['toUser', 'status'] },
    {
      name: 'endpoint_transfers_one_pending',
      expression:
        'create unique index "endpoint_transfers_one_pending" on "endpoint_transfers" ("endpoint_id") where "status" = \'pending\'',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    endpoint: () => p.manyToOne(Endpoint).deleteRule('cascade').index(),
    fromUser: () => p.manyToOne(User).deleteRule('cascade'),
    toUser: () => p.manyToOne(User).deleteRule('cascade'),
    status: p.enum([...ENDPOINT_TRANSFER_STATUSES]),
    createdAt: p.datetime().onCreate(() => new Date()),
    decidedAt: p.datetime().nullable(),
  },
});

export class EndpointTransfer extends EndpointTransferSchema.class {}
EndpointTransferSchema.setClass(EndpointTransfer);

export { EndpointTransferSchema };
