import { z } from 'zod';
import { requiredText } from '../common/fields';
import { choiceField, hostField, keptSecret, optionalText, portField } from './config-fields';

const PROXY_TYPES = ['http', 'socks5'] as const;

export const messengerProxyBody = z.object({
  name: requiredText('name'),
  type: choiceField('type', PROXY_TYPES),
  host: hostField,
  port: portField,
  username: optionalText('username'),
  password: keptSecret('password'),
});

export const messengerProxyListQuery = z.object({
  name: z.string({ error: 'The name must be a string.' }).max(190).optional(),
});

export const messengerProxyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PROXY_TYPES),
  host: z.string(),
  port: z.string(),
  username: z.string().nullable(),
  password: z.string().describe('Masked: never more than the last four characters.'),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
