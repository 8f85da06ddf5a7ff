import type { TeamView } from '@oncall/core';
import { builder } from '../builder';
import { TeamMemberType } from './team-member';

export const TeamType = builder.objectRef<TeamView>('Team').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    owner: t.expose('owner', { type: TeamMemberType }),
    users: t.expose('users', { type: [TeamMemberType], description: 'The members of the team.' }),
    createdAt: t.exposeString('createdAt', { description: 'ISO 8601 timestamp.' }),
    updatedAt: t.exposeString('updatedAt', { description: 'ISO 8601 timestamp.' }),
  }),
});
