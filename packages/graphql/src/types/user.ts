import type { UserView } from '@oncall/core';
import type { Builder } from '../builder';
import type { RoleEnum } from './role';

export const userType = (builder: Builder, role: RoleEnum) =>
  builder.objectRef<UserView>('User').implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      username: t.exposeString('username'),
      name: t.exposeString('name'),
      role: t.expose('role', { type: role }),
      isSystemAdmin: t.exposeBoolean('isSystemAdmin', {
        description: 'The account created at first start; it keeps the owner role and cannot be deleted.',
      }),
      createdAt: t.exposeString('createdAt', { description: 'ISO 8601 timestamp.' }),
      updatedAt: t.exposeString('updatedAt', { description: 'ISO 8601 timestamp.' }),
    }),
  });

export type UserType = ReturnType<typeof userType>;
