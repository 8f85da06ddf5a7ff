import type { RuleTeamRef } from '@oncall/core';
import type { Builder } from '../builder';

export const alertRuleTeamType = (builder: Builder) =>
  builder.objectRef<RuleTeamRef>('AlertRuleTeam').implement({
    description: 'A team a rule is shared with.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
    }),
  });
