import type { Builder } from '../builder';
import type { RoleEnum } from '../types/role';

/**
 * GraphQL itself refuses unknown and mistyped fields; lengths, formats and the password match are
 * then checked by the REST body schemas, so messages and field paths read the same on every face.
 */
export const userInputs = (builder: Builder, role: RoleEnum) => ({
  create: builder.inputType('CreateUserInput', {
    fields: (t) => ({
      username: t.string({ required: true }),
      name: t.string({ required: true }),
      password: t.string({ required: true }),
      confirmPassword: t.string({ required: true }),
      role: t.field({ type: role, required: true }),
    }),
  }),
  update: builder.inputType('UpdateUserInput', {
    fields: (t) => ({
      username: t.string({ required: true }),
      name: t.string({ required: true }),
      role: t.field({ type: role, required: true }),
    }),
  }),
  changePassword: builder.inputType('ChangePasswordInput', {
    fields: (t) => ({
      password: t.string({ required: true }),
      confirmPassword: t.string({ required: true }),
      currentPassword: t.string({ description: 'Required when changing your own password.' }),
    }),
  }),
});
