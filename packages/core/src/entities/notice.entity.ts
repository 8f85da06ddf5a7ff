import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

/**
 * A message to one endpoint that is not about an alert (a schedule's shift change), queued with its
 * text so the delivery job carries only the id. `key` is the business key of what it announces:
 * the same key is queued once, whichever process or pass gets there first. The endpoint is text
 * without a foreign key, as in the delivery log: the notice outlives it.
 */
const NoticeSchema = defineEntity({
  name: 'Notice',
  tableName: 'notices',
  // Retention removes notices by age in batches: without it each batch reads the whole table.
  indexes: [{ name: 'notices_created_at', properties: ['createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    key: p.text().unique(),
    endpointId: p.string(),
    title: p.text(),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Notice extends NoticeSchema.class {}
NoticeSchema.setClass(Notice);
