import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

export const ROLES = ['owner', 'manager', 'member'] as const;
export type Role = (typeof ROLES)[number];

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    username: p.string().unique(),
    name: p.string(),
    passwordHash: p.string().hidden().lazy(),
    role: p.enum([...ROLES]),
    /** The system admin created on first start: an owner that can never be deleted. */
    isSystemAdmin: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);

export { UserSchema };
