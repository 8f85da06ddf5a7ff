import type { TeamView } from '@oncall/core';
import type { Builder } from '../builder';
import { teamMemberType } from './team-member';

export function teamType(builder: Builder) {
  const member = teamMemberType(builder);
  return builder.objectRef<TeamView>('Team').implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description', { nullable: true }),
      owner: t.expose('owner', { type: member }),
      users: t.expose('users', { type: [member], description: 'The members of the team.' }),
      createdAt: t.exposeString('createdAt', { description: 'ISO 8601 timestamp.' }),
      updatedAt: t.exposeString('updatedAt', { description: 'ISO 8601 timestamp.' }),
    }),
  });
}
