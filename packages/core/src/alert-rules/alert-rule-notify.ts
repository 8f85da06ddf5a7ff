import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { isId } from '../entities/new-id';
import { forbidden, notFound, validationFailed } from '../errors/domain-error';
import { runSql, selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy } from '../policy/alert-rule-policy';
import { assertRuleReferences } from '../rule-access/rule-references';
import { type StandingOnRule, standingOnRule } from '../rule-access/rule-standing';
import { visibleRules } from '../rule-access/visible-rules';
import type { RuleEndpointRef } from './alert-rule-view';
import { assertEndpointsFitRules } from './endpoint-cap';
import { selectableEndpoints } from './selectable-endpoints';

export interface AlertRuleNotifyView {
  id: string;
  endpoints: RuleEndpointRef[];
  endpointIds: string[];
  /** What the caller may add: endpoints it can see, or only its own on a rule it does not administer. */
  selectable: RuleEndpointRef[];
}

export interface BatchNotifyInput {
  alertIds: string[];
  endpoints: string[];
}

export interface BatchNotifyResult {
  status: true;
  rules: number;
  /** New rule–endpoint links. */
  added: number;
}

/**
 * `/alert-rule-notify`: the endpoints a rule pages. Admins of a rule attach any endpoint they can
 * see and detach any; someone the rule is shared with attaches and detaches only its own endpoints
 * (so it can be paged too), which is also what it takes away when it leaves the rule.
 */
export class AlertRuleNotify {
  constructor(private readonly deps: { orm: MikroORM; maxEndpointsPerRule: number }) {}

  async get(actor: Actor, id: string): Promise<AlertRuleNotifyView> {
    const em = this.deps.orm.em.fork();
    return this.view(em, actor, await standingOnRule(em, actor, id));
  }

  async add(actor: Actor, id: string, endpointIds: string[]): Promise<AlertRuleNotifyView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    await assertRuleReferences(em, actor, { endpointIds }, { ownEndpointsOnly: !standing.canAdminister });
    await em.transactional(async (tx) => {
      const max = this.deps.maxEndpointsPerRule;
      await assertEndpointsFitRules(tx, sql`r.id = ${standing.id}`, endpointIds, max, 'endpointIds');
      await this.link(tx, [standing.id], endpointIds);
    });
    return this.view(em, actor, standing);
  }

  async remove(actor: Actor, alertId: string, endpointId: string): Promise<AlertRuleNotifyView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertId);
    const [attached] = isId(endpointId)
      ? await selectRows<{ ownerId: string }>(
          em,
          sql`select e.owner_id as "ownerId" from alert_rule_endpoints re join endpoints e on e.id = re.endpoint_id
              where re.alert_rule_id = ${standing.id} and re.endpoint_id = ${endpointId}`,
        )
      : [];
    if (!attached) throw notFound('Endpoint on this alert rule');
    if (!standing.canAdminister && attached.ownerId !== actor.userId) {
      throw forbidden('Only your own endpoints can be removed from a rule you do not administer.');
    }
    await runSql(
      em,
      sql`delete from alert_rule_endpoints where alert_rule_id = ${standing.id} and endpoint_id = ${endpointId}`,
    );
    return this.view(em, actor, standing);
  }

  /** The endpoints the caller may add to several rules at once. */
  batchOptions(actor: Actor): Promise<RuleEndpointRef[]> {
    return selectableEndpoints(this.deps.orm.em.fork(), actor);
  }

  /**
   * Adds every endpoint to every rule. Each rule must be one the caller sees (`alertIds.N`), each
   * endpoint one it sees (`endpoints.N`), and on a rule it does not administer, one it owns.
   */
  async batchAdd(actor: Actor, input: BatchNotifyInput): Promise<BatchNotifyResult> {
    const em = this.deps.orm.em.fork();
    const ruleIds = [...new Set(input.alertIds.filter(isId))];
    const rules = await selectRows<{ id: string; ownerId: string }>(
      em,
      sql`select r.id, r.owner_id as "ownerId" from alert_rules r
          where r.id in (${ruleIds}) and ${visibleRules(actor)}`,
    );
    const seen = new Set(rules.map((r) => r.id));
    const ruleErrors = Object.fromEntries(
      input.alertIds.flatMap((id, index) =>
        seen.has(id) ? [] : [[`alertIds.${index}`, ['The selected alert rule is invalid.']]],
      ),
    );
    if (Object.keys(ruleErrors).length > 0) throw validationFailed(ruleErrors);
    const ownOnly = rules.some((r) => !alertRulePolicy.canAdminister(actor, r));
    await assertRuleReferences(
      em,
      actor,
      { endpointIds: input.endpoints },
      { endpointField: 'endpoints', ownEndpointsOnly: ownOnly },
    );
    const added = await em.transactional(async (tx) => {
      const max = this.deps.maxEndpointsPerRule;
      await assertEndpointsFitRules(tx, sql`r.id in (${[...seen]})`, input.endpoints, max, 'endpoints');
      return this.link(tx, [...seen], input.endpoints);
    });
    return { status: true, rules: seen.size, added };
  }

  private async link(em: EntityManager, ruleIds: string[], endpointIds: string[]): Promise<number> {
    if (ruleIds.length === 0 || endpointIds.length === 0) return 0;
    return runSql(
      em,
      sql`insert into alert_rule_endpoints (alert_rule_id, endpoint_id)
          select rule.id, endpoint.id
            from unnest(array[${ruleIds}]::uuid[]) as rule(id)
            cross join unnest(array[${[...new Set(endpointIds)]}]::uuid[]) as endpoint(id)
          on conflict do nothing`,
    );
  }

  private async view(
    em: EntityManager,
    actor: Actor,
    standing: StandingOnRule,
  ): Promise<AlertRuleNotifyView> {
    const endpoints = await selectRows<RuleEndpointRef>(
      em,
      sql`select e.id, e.name, e.type from alert_rule_endpoints re join endpoints e on e.id = re.endpoint_id
          where re.alert_rule_id = ${standing.id} order by e.name, e.id`,
    );
    return {
      id: standing.id,
      endpoints,
      endpointIds: endpoints.map((e) => e.id),
      selectable: await selectableEndpoints(em, actor, !standing.canAdminister),
    };
  }
}
