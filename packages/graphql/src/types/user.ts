import type { UserView } from '@oncall/core';
import { builder } from '../builder';
import { RoleEnum } from './role';

export const UserType = builder.objectRef<UserView>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    name: t.exposeString('name'),
    role: t.expose('role', { type: RoleEnum }),
    isSystemAdmin: t.exposeBoolean('isSystemAdmin', {
      description: 'The account created at first start; it keeps the owner role and cannot be deleted.',
    }),
    createdAt: t.exposeString('createdAt', { description: 'ISO 8601 timestamp.' }),
    updatedAt: t.exposeString('updatedAt', { description: 'ISO 8601 timestamp.' }),
  }),
});
