import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from './alert-rule.entity';
import { DataSource } from './data-source.entity';

/**
 * A data source an alert rule is matched or evaluated against. Declared (rather than left to the
 * many-to-many) for the index on `data_source_id`: it serves "the rules using this data source" and the cascade when a
 * data source is deleted.
 */
const AlertRuleDataSourceLinkSchema = defineEntity({
  name: 'AlertRuleDataSourceLink',
  tableName: 'alert_rule_data_sources',
  properties: {
    alertRule: () => p.manyToOne(AlertRule).primary().deleteRule('cascade').updateRule('cascade'),
    dataSource: () => p.manyToOne(DataSource).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class AlertRuleDataSourceLink extends AlertRuleDataSourceLinkSchema.class {}
AlertRuleDataSourceLinkSchema.setClass(AlertRuleDataSourceLink);

export { AlertRuleDataSourceLinkSchema };
