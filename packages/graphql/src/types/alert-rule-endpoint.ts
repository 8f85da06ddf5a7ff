import type { RuleEndpointRef } from '@oncall/core';
import { builder } from '../builder';

export const AlertRuleEndpointType = builder.objectRef<RuleEndpointRef>('AlertRuleEndpoint').implement({
  description: 'A notification endpoint a rule pages.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
  }),
});
