import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';
import type { Clock } from '../ports/clock';
import { visibleRules } from '../rule-access/visible-rules';

/** Every rule (owner and manager roles), or these ids. */
export type VisibleRuleSet = 'every' | ReadonlySet<string>;

interface Entry {
  rules: ReadonlySet<string>;
  loadedAt: number;
}

/**
 * The rules each member may read, as the alert-rule policy says (owned, shared with the member or
 * with one of its teams), kept per user and reloaded when older than `maxAgeMs`: a rule shared or
 * unshared shows in the live feed within that time, without a query per event or per subscriber.
 */
export class VisibleRuleCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: { em: () => EntityManager; clock: Clock; maxAgeMs: number }) {}

  /** Loads the set if it is missing or stale. */
  async refresh(actor: Actor): Promise<VisibleRuleSet> {
    if (alertRulePolicy.seesEveryRule(actor)) return 'every';
    const now = this.deps.clock.now().getTime();
    const entry = this.entries.get(actor.userId);
    if (entry && now - entry.loadedAt < this.deps.maxAgeMs) return entry.rules;
    const rows = await selectRows<{ id: string }>(
      this.deps.em(),
      sql`select r.id from alert_rules r where ${visibleRules(actor)}`,
    );
    const rules = new Set(rows.map((row) => row.id));
    this.entries.set(actor.userId, { rules, loadedAt: now });
    return rules;
  }

  /** Drops the users no subscriber stands for any more (each subscriber keeps its own set). */
  keepOnly(userIds: ReadonlySet<string>): void {
    for (const userId of this.entries.keys()) if (!userIds.has(userId)) this.entries.delete(userId);
  }
}
