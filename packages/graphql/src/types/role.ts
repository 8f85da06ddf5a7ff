import { ROLES } from '@oncall/core';
import { builder } from '../builder';

export const RoleEnum = builder.enumType('Role', {
  description:
    'owner does everything; manager manages users (not owners), rules and endpoints; member sees its own.',
  values: ROLES,
});
