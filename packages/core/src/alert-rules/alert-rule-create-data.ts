import type { MikroORM } from '@mikro-orm/core';
import { externalRulesQuery, fieldErrorsFromIssues } from '@oncall/contracts';
import type { RuleOption } from '@oncall/plugin-sdk';
import type { Actor } from '../auth/actor';
import { isId } from '../entities/new-id';
import { validationFailed } from '../errors/domain-error';
import { selectRows, sql } from '../persistence/sql-fragment';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { RuleEndpointRef, RuleTeamRef, RuleUserRef } from './alert-rule-view';
import { alertRuleTypeCatalog, externalRuleTypes } from './rule-type-catalog';
import { selectableEndpoints } from './selectable-endpoints';

export interface AlertRuleCreateData {
  types: string[];
  endpoints: RuleEndpointRef[];
  users: RuleUserRef[];
  teams: RuleTeamRef[];
}

/** A list a data source will answer once the service queries it; empty and labelled until then. */
export interface PendingList {
  data: string[];
  meta: { note: string };
}

export interface ZabbixCreateData {
  hosts: string[];
  actions: string[];
  severities: RuleOption[];
  meta: { note: string };
}

const PENDING_NOTE = 'available once the data source is queried (step 5)';

/**
 * What a rule form offers. The lists read from an external system (its rules, labels, Zabbix
 * hosts) stay empty, with a note saying so, until data sources are queried: never made up. Fixed
 * pick lists come from the source plugins (`ruleOptions`).
 */
export class AlertRuleCreateDataService {
  private readonly types: string[];
  private readonly externalRulesQuery: ReturnType<typeof externalRulesQuery>;

  constructor(private readonly deps: { orm: MikroORM; plugins: PluginRegistry }) {
    this.types = [...alertRuleTypeCatalog(deps.plugins).keys()];
    this.externalRulesQuery = externalRulesQuery(externalRuleTypes(deps.plugins));
  }

  async options(actor: Actor): Promise<AlertRuleCreateData> {
    const em = this.deps.orm.em.fork();
    const users = await selectRows<RuleUserRef>(
      em,
      sql`select id, username, name from users order by username`,
    );
    const teams = await selectRows<RuleTeamRef>(em, sql`select id, name from teams order by name, id`);
    return { types: [...this.types], endpoints: await selectableEndpoints(em, actor), users, teams };
  }

  /**
   * Alert rule names defined in an external system: a data source of one of `externalRuleTypes`
   * (a Prometheus or Grafana ruler).
   */
  async externalRules(_actor: Actor, query: { type: string; dataSourceId: string }): Promise<PendingList> {
    const parsed = this.externalRulesQuery.safeParse(query);
    if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
    const { type, dataSourceId } = parsed.data;
    const exists =
      isId(dataSourceId) &&
      (
        await selectRows<{ id: string }>(
          this.deps.orm.em.fork(),
          sql`select id from data_sources where id = ${dataSourceId} and type = ${type}`,
        )
      ).length > 0;
    if (!exists)
      throw validationFailed({
        dataSourceId: [`The selected data source is invalid: it must be a ${type} data source.`],
      });
    return pending();
  }

  labels(_actor: Actor): PendingList {
    return pending();
  }

  labelValues(_actor: Actor, _label: string): PendingList {
    return pending();
  }

  /** The Zabbix form's lists; the severities are the Zabbix plugin's (none when it is not loaded). */
  zabbix(_actor: Actor): ZabbixCreateData {
    const severities = this.deps.plugins.sourceFor('zabbix')?.ruleOptions?.severities ?? [];
    return { hosts: [], actions: [], severities: [...severities], meta: { note: PENDING_NOTE } };
  }
}

function pending(): PendingList {
  return { data: [], meta: { note: PENDING_NOTE } };
}
