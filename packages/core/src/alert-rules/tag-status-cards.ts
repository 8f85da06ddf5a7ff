import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { visibleRules } from './visible-rules';

/** One card of the status page: a tag, and how the rules carrying it stand. */
export interface TagStatusCard {
  id: string;
  name: string;
  state: 'critical' | 'warning' | 'resolved';
  criticalCount: number;
  warningCount: number;
  tags: string[];
  alertsTags: string[];
  createdAt: string;
  updatedAt: string;
}

interface TagRow {
  tag: string;
  critical: number | string;
  warning: number | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The status page: one card per tag on the rules the caller sees, by tag. A card is critical while
 * any of its rules is, else warning while any is, else resolved; the counts are of its rules in
 * each state. Groups are not configured separately: a rule's tags are its groups.
 */
export class TagStatusCards {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async all(actor: Actor): Promise<TagStatusCard[]> {
    const rows = await selectRows<TagRow>(
      this.deps.orm.em.fork(),
      sql`select t.tag,
            count(*) filter (where r.state = 'critical') as critical,
            count(*) filter (where r.state = 'warning') as warning,
            min(r.created_at) as "createdAt", max(r.updated_at) as "updatedAt"
          from alert_rules r cross join lateral unnest(r.tags) as t(tag)
         where ${visibleRules(actor)}
         group by t.tag
         order by t.tag`,
    );
    return rows.map((row) => {
      const criticalCount = Number(row.critical);
      const warningCount = Number(row.warning);
      return {
        id: row.tag,
        name: row.tag,
        state: criticalCount > 0 ? 'critical' : warningCount > 0 ? 'warning' : 'resolved',
        criticalCount,
        warningCount,
        tags: [row.tag],
        alertsTags: [row.tag],
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      };
    });
  }
}
