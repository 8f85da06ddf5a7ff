import { z } from 'zod';
import { idField, idList, requiredText } from '../common/fields';
import { pageQueryShape } from '../common/page-query';

export const teamBody = z.object({
  name: requiredText('name'),
  ownerId: idField('owner id'),
  userIds: idList('user ids'),
  description: z.string().max(2000, 'The description may not be greater than 2000 characters.').nullish(),
});

export const teamListQuery = z.object({ ...pageQueryShape(), name: z.string().max(190).optional() });

const member = z.object({ id: z.string(), username: z.string(), name: z.string() });

export const teamViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ownerId: z.string(),
  owner: member,
  userIds: z.array(z.string()),
  users: z.array(member),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
