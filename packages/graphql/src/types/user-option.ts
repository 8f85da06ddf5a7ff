import type { UserOption } from '@oncall/core';
import { builder } from '../builder';
import { RoleEnum } from './role';

/** A short pick of a user for dropdowns and sharing dialogs; visible to every signed-in user. */
export const UserOptionType = builder.objectRef<UserOption>('UserOption').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    name: t.exposeString('name'),
    role: t.expose('role', { type: RoleEnum }),
  }),
});
