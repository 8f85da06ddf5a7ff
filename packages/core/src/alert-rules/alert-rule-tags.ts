import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { AlertRule } from '../entities/alert-rule.entity';
import { selectRows, sql } from '../persistence/sql-fragment';
import { assertCanAdministerRule } from '../policy/alert-rule-policy';
import { standingOnRule } from '../rule-access/rule-standing';
import { visibleRules } from '../rule-access/visible-rules';

export interface AlertRuleTagsView {
  id: string;
  tags: string[];
}

/** `/alert-rule-tag`: tags across the rules the caller sees, and one rule's tags. */
export class AlertRuleTags {
  constructor(private readonly deps: { orm: MikroORM }) {}

  /** Every distinct tag on a rule the caller can see, for the tag filter's suggestions. */
  async all(actor: Actor): Promise<string[]> {
    const rows = await selectRows<{ tag: string }>(
      this.deps.orm.em.fork(),
      sql`select distinct t.tag from alert_rules r cross join unnest(r.tags) as t(tag)
          where ${visibleRules(actor)} order by t.tag`,
    );
    return rows.map((row) => row.tag);
  }

  async get(actor: Actor, id: string): Promise<AlertRuleTagsView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    const rule = await em.findOneOrFail(AlertRule, { id: standing.id }, { fields: ['id', 'tags'] });
    return { id: rule.id, tags: rule.tags };
  }

  /** Replaces the rule's tags; admins only. */
  async put(actor: Actor, id: string, tags: string[]): Promise<AlertRuleTagsView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    assertCanAdministerRule(actor, standing);
    await em.nativeUpdate(AlertRule, { id: standing.id }, { tags, updatedAt: new Date() });
    return { id: standing.id, tags };
  }
}
