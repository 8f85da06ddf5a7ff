import type { RuleUserRef } from '@oncall/core';
import type { Builder } from '../builder';

export const alertRuleUserType = (builder: Builder) =>
  builder.objectRef<RuleUserRef>('AlertRuleUser').implement({
    description: 'The owner of a rule or a user it is shared with.',
    fields: (t) => ({
      id: t.exposeID('id'),
      username: t.exposeString('username'),
      name: t.exposeString('name'),
    }),
  });
