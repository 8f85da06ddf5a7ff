import type { TeamMemberView } from '@oncall/core';
import { builder } from '../builder';

export const TeamMemberType = builder.objectRef<TeamMemberView>('TeamMember').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    name: t.exposeString('name'),
  }),
});
