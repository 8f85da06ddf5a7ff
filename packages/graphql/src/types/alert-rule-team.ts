import type { RuleTeamRef } from '@oncall/core';
import { builder } from '../builder';

export const AlertRuleTeamType = builder.objectRef<RuleTeamRef>('AlertRuleTeam').implement({
  description: 'A team a rule is shared with.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
  }),
});
