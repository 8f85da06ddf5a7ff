import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { Endpoint } from './endpoint.entity';

/**
 * An endpoint an alert rule pages. Declared (rather than left to the
 * many-to-many) for the index on `endpoint_id`: it serves "the rules paging this endpoint" and the cascade when a
 * endpoint is deleted.
 */
const AlertRuleEndpointLinkSchema = defineEntity({
  name: 'AlertRuleEndpointLink',
  tableName: 'alert_rule_endpoints',
  properties: {
    alertRule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade').updateRule('cascade'),
    endpoint: () => p.manyToOne(Endpoint).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleEndpointLink extends AlertRuleEndpointLinkSchema.class {}
AlertRuleEndpointLinkSchema.setClass(AlertRuleEndpointLink);

export { AlertRuleEndpointLinkSchema };
