import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity';

/** A single sign-on identity: the provider's (issuer, subject) names one user for good. */
const UserIdentitySchema = defineEntity({
  name: 'UserIdentity',
  tableName: 'user_identities',
  properties: {
    issuer: p.string().primary(),
    subject: p.string().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class UserIdentity extends UserIdentitySchema.class {}
UserIdentitySchema.setClass(UserIdentity);

export { UserIdentitySchema };
