import { defineEntity, p } from '@mikro-orm/core';
import { User } from '@oncall/core/persistence';

/**
 * A person's own iCal feed: the SHA-256 of its secret token (the token itself is shown once, when
 * made). One per user. Read and written by plain statements (`user-feeds.ts`).
 */
const UserIcalFeedSchema = defineEntity({
  name: 'UserIcalFeedRecord',
  tableName: 'user_ical_feeds',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    tokenHash: p.text().unique(),
    createdAt: p.datetime(),
  },
});

export class UserIcalFeedRecord extends UserIcalFeedSchema.class {}
UserIcalFeedSchema.setClass(UserIcalFeedRecord);
