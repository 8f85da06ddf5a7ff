import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { visibleRules } from '../rule-access/visible-rules';

/** A rule as a pick list shows it. */
export interface AlertRuleOption {
  id: string;
  name: string;
  type: string;
}

/** Every rule the caller sees as a pick list (the legacy web UI's Debugging page), by name. */
export class AlertRuleOptions {
  constructor(private readonly deps: { orm: MikroORM }) {}

  all(actor: Actor): Promise<AlertRuleOption[]> {
    return selectRows<AlertRuleOption>(
      this.deps.orm.em.fork(),
      sql`select r.id, r.name, r.type from alert_rules r where ${visibleRules(actor)} order by r.name, r.id`,
    );
  }
}
