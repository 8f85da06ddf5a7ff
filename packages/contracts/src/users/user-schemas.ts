import { z } from 'zod';
import { idField, requiredText, roleField } from '../common/fields';
import { pageQueryShape } from '../common/page-query';

const password = z
  .string({ error: 'The password field is required.' })
  .min(8, 'The password must be at least 8 characters.')
  .max(256, 'The password may not be greater than 256 characters.');

const confirmPassword = z.string({ error: 'The confirm password field is required.' });

const matchingPasswords = <T extends { password: string; confirmPassword: string }>(
  body: T,
  ctx: z.RefinementCtx,
) => {
  if (body.password !== body.confirmPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: 'The confirm password and password must match.',
    });
  }
};

const username = requiredText('username').regex(/^[^\s]+$/, 'The username may not contain spaces.');

export const userCreateBody = z
  .object({ username, name: requiredText('name'), password, confirmPassword, role: roleField })
  .superRefine(matchingPasswords);

export const userUpdateBody = z.object({ username, name: requiredText('name'), role: roleField });

/** `currentPassword` is required when users change their own password (checked by the core). */
export const passwordChangeBody = z
  .object({
    password,
    confirmPassword,
    currentPassword: z
      .string({ error: 'The current password must be a string.' })
      .max(256, 'The current password may not be greater than 256 characters.')
      .nullish(),
  })
  .superRefine(matchingPasswords);

export const changeOwnerBody = z.object({ fromUser: idField('from user'), toUser: idField('to user') });

export const userListQuery = z.object({ ...pageQueryShape(), username: z.string().max(190).optional() });

export const userViewSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  role: roleField,
  roles: z.array(roleField),
  isSystemAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const userOptionSchema = userViewSchema.pick({
  id: true,
  username: true,
  name: true,
  role: true,
  roles: true,
});
