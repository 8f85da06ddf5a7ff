import { defineEntity, p } from '@mikro-orm/core';
import { AlertRuleBehaviorRule } from './alert-rule-behavior-rule.entity';
import { Endpoint } from './endpoint.entity';

/**
 * An endpoint a notification or template behavior rule names. The index on `endpoint_id` serves the
 * cascade when the endpoint is deleted.
 */
const AlertRuleBehaviorEndpointSchema = defineEntity({
  name: 'AlertRuleBehaviorEndpoint',
  tableName: 'alert_rule_behavior_endpoints',
  properties: {
    behaviorRule: () =>
      p.manyToOne(AlertRuleBehaviorRule).primary().deleteRule('cascade').updateRule('cascade'),
    endpoint: () => p.manyToOne(Endpoint).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleBehaviorEndpoint extends AlertRuleBehaviorEndpointSchema.class {}
AlertRuleBehaviorEndpointSchema.setClass(AlertRuleBehaviorEndpoint);

export { AlertRuleBehaviorEndpointSchema };
