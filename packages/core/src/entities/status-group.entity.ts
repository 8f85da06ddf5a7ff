import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

/**
 * A card of the status page: a name and the tags a rule must all carry to count on it. Instance-wide
 * (no owner): the owner and manager roles arrange the page, everyone signed in reads it.
 */
const StatusGroupSchema = defineEntity({
  name: 'StatusGroup',
  tableName: 'status_groups',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string().unique(),
    tags: p.array(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class StatusGroup extends StatusGroupSchema.class {}
StatusGroupSchema.setClass(StatusGroup);

export { StatusGroupSchema };
