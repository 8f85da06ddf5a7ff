import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';
import { User } from './user.entity';

/** A login. Access tokens name it (`sid`), so revoking it invalidates them at once. */
const AuthSessionSchema = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_sessions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.string().nullable(),
    ip: p.string().nullable(),
    userAgent: p.text().nullable(),
  },
});

export class AuthSession extends AuthSessionSchema.class {}
AuthSessionSchema.setClass(AuthSession);

export { AuthSessionSchema };
