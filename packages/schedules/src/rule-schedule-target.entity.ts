import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from '@oncall/core/persistence';
import { ScheduleRecord } from './schedule.entity';

/**
 * A schedule a rule pages directly, without a flow: everyone on call when the alert pages, by their
 * notification rules. Its id is a notification target beside the rule's endpoints' ids, routed as a
 * one-step flow (`notification-routes.ts` in the core), so the flow machinery (round-robin turns,
 * follow-ups, both drivers) serves it unchanged. Written by plain statements in the rule's own
 * transaction (`alert-rule-schedule-targets.ts` in the core).
 */
const RuleScheduleTargetSchema = defineEntity({
  name: 'RuleScheduleTargetRecord',
  tableName: 'alert_rule_schedule_targets',
  uniques: [{ properties: ['alertRule', 'schedule'] }],
  properties: {
    id: p.uuid().primary(),
    alertRule: () => p.manyToOne(AlertRule).deleteRule('cascade').index(),
    schedule: () => p.manyToOne(ScheduleRecord).deleteRule('cascade').index(),
    /** `nobody` or `teamAdmins`. */
    ifNobodyOnCall: p.text(),
    /** `default` or `high`: which of each person's notification rules run. */
    urgency: p.text(),
    roundRobin: p.boolean().default(false),
  },
});

export class RuleScheduleTargetRecord extends RuleScheduleTargetSchema.class {}
RuleScheduleTargetSchema.setClass(RuleScheduleTargetRecord);
