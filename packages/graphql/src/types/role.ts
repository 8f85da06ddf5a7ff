import { ROLES } from '@oncall/core';
import type { Builder } from '../builder';

export const roleEnum = (builder: Builder) =>
  builder.enumType('Role', {
    description:
      'owner does everything; manager manages users (not owners), rules and endpoints; member sees its own.',
    values: ROLES,
  });

export type RoleEnum = ReturnType<typeof roleEnum>;
