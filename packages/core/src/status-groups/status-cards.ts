import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { selectRows, sql } from '../persistence/sql-fragment';
import { visibleRules } from '../rule-access/visible-rules';
import type { StatusGroupView } from './status-group-view';

/** A status group as the status page draws it. */
export interface StatusCard extends StatusGroupView {
  state: 'critical' | 'warning' | 'resolved';
  criticalCount: number;
  warningCount: number;
  alertsTags: string[];
}

interface CardRow {
  id: string;
  name: string;
  tags: string[];
  createdAt: Date | string;
  updatedAt: Date | string;
  critical: number | string;
  warning: number | string;
  alertsTags: string[] | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Every status group, by name, with the rules the reader sees that carry all of its tags (`@>`,
 * answered by the rules' tag index): how many are critical and warning, and the other tags of the
 * critical ones, which the page offers as narrower filters. A card changes when its group or one
 * of its rules does (a rule's `updated_at` moves with its state).
 */
export async function statusCards(em: EntityManager, actor: Actor): Promise<StatusCard[]> {
  const visible = visibleRules(actor);
  const rows = await selectRows<CardRow>(
    em,
    sql`select g.id, g.name, g.tags, g.created_at as "createdAt",
            greatest(g.updated_at, counts.latest) as "updatedAt",
            counts.critical, counts.warning, other.tags as "alertsTags"
          from status_groups g
          cross join lateral (
            select count(*) filter (where r.state = 'critical') as critical,
                   count(*) filter (where r.state = 'warning') as warning,
                   max(r.updated_at) as latest
              from alert_rules r where r.tags @> g.tags and ${visible}) counts
          cross join lateral (
            select array_agg(distinct t.tag order by t.tag) as tags
              from alert_rules r cross join lateral unnest(r.tags) as t(tag)
             where r.tags @> g.tags and r.state = 'critical' and ${visible}
               and not (t.tag = any(g.tags))) other
         order by g.name, g.id`,
  );
  return rows.map((row) => {
    const criticalCount = Number(row.critical);
    const warningCount = Number(row.warning);
    return {
      id: row.id,
      name: row.name,
      state: criticalCount > 0 ? 'critical' : warningCount > 0 ? 'warning' : 'resolved',
      criticalCount,
      warningCount,
      tags: row.tags,
      alertsTags: row.alertsTags ?? [],
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  });
}
