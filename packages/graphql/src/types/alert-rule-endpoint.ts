import type { RuleEndpointRef } from '@oncall/core';
import type { Builder } from '../builder';

export const alertRuleEndpointType = (builder: Builder) =>
  builder.objectRef<RuleEndpointRef>('AlertRuleEndpoint').implement({
    description: 'A notification endpoint a rule pages.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      type: t.exposeString('type'),
    }),
  });
