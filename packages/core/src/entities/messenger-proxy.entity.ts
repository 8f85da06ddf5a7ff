import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

export const PROXY_TYPES = ['http', 'socks5'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];

/** A proxy Telegram and Bale traffic goes through; created inactive, at most one active. */
const MessengerProxySchema = defineEntity({
  name: 'MessengerProxy',
  tableName: 'messenger_proxies',
  indexes: [
    {
      name: 'messenger_proxies_one_active',
      expression:
        'create unique index "messenger_proxies_one_active" on "messenger_proxies" ((true)) where "is_active"',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string(),
    type: p.enum([...PROXY_TYPES]),
    host: p.string(),
    port: p.string(),
    username: p.string().nullable(),
    sealedPassword: p.text().nullable(),
    isActive: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class MessengerProxy extends MessengerProxySchema.class {}
MessengerProxySchema.setClass(MessengerProxy);

export { MessengerProxySchema };
