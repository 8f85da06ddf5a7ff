import type { TeamMemberView } from '@oncall/core';
import type { Builder } from '../builder';

export const teamMemberType = (builder: Builder) =>
  builder.objectRef<TeamMemberView>('TeamMember').implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      username: t.exposeString('username'),
      name: t.exposeString('name'),
    }),
  });
