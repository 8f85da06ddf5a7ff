import { defineEntity, p } from '@mikro-orm/core';

/**
 * How many alert rules exist, kept exact by statement triggers on `alert_rules` (declared on the
 * AlertRule entity): the unfiltered list of owner and manager roles reads its `total` here instead
 * of counting the whole table on every page. One row, `id` 1.
 */
const AlertRuleTotalSchema = defineEntity({
  name: 'AlertRuleTotal',
  tableName: 'alert_rule_totals',
  properties: {
    id: p.smallint().primary().autoincrement(false),
    total: p.integer(),
  },
});

export class AlertRuleTotal extends AlertRuleTotalSchema.class {}
AlertRuleTotalSchema.setClass(AlertRuleTotal);

export { AlertRuleTotalSchema };

// Transition tables let one bulk insert or delete move the total once. The single row serialises
// rule creation and deletion, which are rare next to reading lists.
const totalTrigger = (name: string, event: 'insert' | 'delete', sign: '+' | '-') =>
  `create or replace function "${name}_fn"() returns trigger language plpgsql as $$ begin
     update "alert_rule_totals" set "total" = "total" ${sign} (select count(*) from "changed_rules") where "id" = 1;
     return null;
   end $$;
   create trigger "${name}" after ${event} on "alert_rules"
     referencing ${event === 'insert' ? 'new' : 'old'} table as "changed_rules"
     for each statement execute function "${name}_fn"()`;

/** The DDL of the triggers that keep `alert_rule_totals` exact. */
export const ALERT_RULE_TOTAL_TRIGGERS = {
  insert: totalTrigger('alert_rules_total_insert', 'insert', '+'),
  delete: totalTrigger('alert_rules_total_delete', 'delete', '-'),
} as const;
