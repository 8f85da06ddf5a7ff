import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { DataSource } from '../entities/data-source.entity';
import { Endpoint } from '../entities/endpoint.entity';
import { selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';
import { visibleEndpoints } from '../policy/endpoint-policy';

/** What a rule is to one caller, in the terms the original web UI shows it. */
export interface AlertRuleLegacyFacts {
  /** The caller may edit and delete the rule. */
  hasActionAccess: boolean;
  /** How many of the rule's endpoints the caller can see. */
  countEndpoints: number;
  /** Who acknowledged the rule's firing alerts, while every one of them is acknowledged. */
  acknowledgedBy: string | null;
  /** The names of the rule's data sources, in the order of `dataSourceIds`. */
  dataSourceLabels: string[];
}

export interface RuleFactsInput {
  id: string;
  userId: string;
  endpointIds: string[];
  dataSourceIds: string[];
}

interface AcknowledgementRow {
  ruleId: string;
  allAcknowledged: boolean;
  acknowledgedBy: string | null;
}

/**
 * Facts about rules the original web UI reads beside the rule itself (who may act on it, how many
 * endpoints the caller sees on it, whether its firing alerts are acknowledged, its sources' names),
 * for a page of rules in three statements whatever its size.
 */
export class AlertRuleLegacyFactsReader {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async of(actor: Actor, rules: readonly RuleFactsInput[]): Promise<Map<string, AlertRuleLegacyFacts>> {
    const em = this.deps.orm.em.fork();
    const endpointIds = [...new Set(rules.flatMap((r) => r.endpointIds))];
    const sourceIds = [...new Set(rules.flatMap((r) => r.dataSourceIds))];
    const visible =
      endpointIds.length === 0
        ? []
        : await em.find(
            Endpoint,
            { $and: [visibleEndpoints(actor), { id: { $in: endpointIds } }] },
            {
              fields: ['id'],
            },
          );
    const visibleIds = new Set(visible.map((e) => e.id));
    const sources =
      sourceIds.length === 0
        ? []
        : await em.find(DataSource, { id: { $in: sourceIds } }, { fields: ['id', 'name'] });
    const sourceNames = new Map(sources.map((s) => [s.id, s.name]));
    const acknowledgements = await this.acknowledgements(
      em,
      rules.map((r) => r.id),
    );
    return new Map(
      rules.map((rule) => {
        const ack = acknowledgements.get(rule.id);
        return [
          rule.id,
          {
            hasActionAccess: alertRulePolicy.canAdminister(actor, { ownerId: rule.userId }),
            countEndpoints: rule.endpointIds.filter((id) => visibleIds.has(id)).length,
            acknowledgedBy: ack?.allAcknowledged ? ack.acknowledgedBy : null,
            dataSourceLabels: rule.dataSourceIds.flatMap((id) => sourceNames.get(id) ?? []),
          },
        ];
      }),
    );
  }

  /**
   * Per rule with firing instances: whether all of them are acknowledged, and by whom last. A user
   * deleted since is named `deleted user`, so the rule still reads as acknowledged.
   */
  private async acknowledgements(
    em: EntityManager,
    ruleIds: string[],
  ): Promise<Map<string, AcknowledgementRow>> {
    if (ruleIds.length === 0) return new Map();
    const rows = await selectRows<AcknowledgementRow>(
      em,
      sql`select i.rule_id as "ruleId",
            bool_and(i.acknowledged_at is not null) as "allAcknowledged",
            coalesce((array_agg(i.acknowledged_by_id::text order by i.acknowledged_at desc)
                       filter (where i.acknowledged_at is not null))[1], 'deleted user') as "acknowledgedBy"
          from alert_instances i
         where i.rule_id in (${ruleIds}) and i.state in ('critical', 'warning')
         group by i.rule_id`,
    );
    return new Map(rows.map((row) => [row.ruleId, row]));
  }
}
