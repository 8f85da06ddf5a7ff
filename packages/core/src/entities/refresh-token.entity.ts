import { defineEntity, p } from '@mikro-orm/core';
import { AuthSession } from './auth-session.entity';
import { newId } from './new-id';

/** Only the hash of a refresh token is stored; each one is spent on use and replaced. */
const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    session: () => p.manyToOne(AuthSession).deleteRule('cascade').index(),
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    /** When it was spent; moved on each time it is answered again within the reuse grace. */
    usedAt: p.datetime().nullable(),
  },
});

export class RefreshToken extends RefreshTokenSchema.class {}
RefreshTokenSchema.setClass(RefreshToken);

export { RefreshTokenSchema };
