import { builder } from '../builder';
import { RoleEnum } from '../types/role';

/**
 * GraphQL itself refuses unknown and mistyped fields; lengths, formats and the password match are
 * then checked by the REST body schemas, so messages and field paths read the same on every face.
 */
export const CreateUserInput = builder.inputType('CreateUserInput', {
  fields: (t) => ({
    username: t.string({ required: true }),
    name: t.string({ required: true }),
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
    role: t.field({ type: RoleEnum, required: true }),
  }),
});

export const UpdateUserInput = builder.inputType('UpdateUserInput', {
  fields: (t) => ({
    username: t.string({ required: true }),
    name: t.string({ required: true }),
    role: t.field({ type: RoleEnum, required: true }),
  }),
});

export const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
    currentPassword: t.string({ description: 'Required when changing your own password.' }),
  }),
});
