import type { UserOption } from '@oncall/core';
import type { Builder } from '../builder';
import type { RoleEnum } from './role';

/** A short pick of a user for dropdowns and sharing dialogs; visible to every signed-in user. */
export const userOptionType = (builder: Builder, role: RoleEnum) =>
  builder.objectRef<UserOption>('UserOption').implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      username: t.exposeString('username'),
      name: t.exposeString('name'),
      role: t.expose('role', { type: role }),
    }),
  });
