import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { ALERT_RULE_TYPES, type AlertRuleType } from '../entities/alert-rule.entity';
import { DataSource } from '../entities/data-source.entity';
import { isId } from '../entities/new-id';
import { validationFailed } from '../errors/domain-error';
import { selectRows, sql } from '../persistence/sql-fragment';
import type { RuleEndpointRef, RuleTeamRef, RuleUserRef } from './alert-rule-view';
import { selectableEndpoints } from './selectable-endpoints';

export interface AlertRuleCreateData {
  types: AlertRuleType[];
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
  severities: Array<{ value: string; label: string }>;
  meta: { note: string };
}

const PENDING_NOTE = 'available once the data source is queried (step 5)';

/** Zabbix's own trigger severities: fixed by Zabbix, not read from a server. */
const ZABBIX_SEVERITIES = [
  { value: '0', label: 'Not classified' },
  { value: '1', label: 'Information' },
  { value: '2', label: 'Warning' },
  { value: '3', label: 'Average' },
  { value: '4', label: 'High' },
  { value: '5', label: 'Disaster' },
];

/**
 * What a rule form offers. The lists read from an external system (its rules, labels, Zabbix
 * hosts) stay empty, with a note saying so, until data sources are queried: never made up.
 */
export class AlertRuleCreateDataService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async options(actor: Actor): Promise<AlertRuleCreateData> {
    const em = this.deps.orm.em.fork();
    const users = await selectRows<RuleUserRef>(
      em,
      sql`select id, username, name from users order by username`,
    );
    const teams = await selectRows<RuleTeamRef>(em, sql`select id, name from teams order by name, id`);
    return { types: [...ALERT_RULE_TYPES], endpoints: await selectableEndpoints(em, actor), users, teams };
  }

  /** Alert rule names defined in a Prometheus or Grafana ruler. */
  async externalRules(
    _actor: Actor,
    query: { type: 'prometheus' | 'grafana'; dataSourceId: string },
  ): Promise<PendingList> {
    const { type, dataSourceId } = query;
    const exists =
      isId(dataSourceId) && (await this.deps.orm.em.fork().count(DataSource, { id: dataSourceId, type }));
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

  zabbix(_actor: Actor): ZabbixCreateData {
    return { hosts: [], actions: [], severities: ZABBIX_SEVERITIES, meta: { note: PENDING_NOTE } };
  }
}

function pending(): PendingList {
  return { data: [], meta: { note: PENDING_NOTE } };
}
