import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';
import { User } from './user.entity';

const TeamSchema = defineEntity({
  name: 'Team',
  tableName: 'teams',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string(),
    description: p.text().nullable(),
    owner: () => p.manyToOne(User).deleteRule('restrict').index(),
    members: () => p.manyToMany(User).pivotTable('team_members').owner(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Team extends TeamSchema.class {}
TeamSchema.setClass(Team);

export { TeamSchema };
