import type { EntityManager } from '@mikro-orm/core';
import type { BehaviorRuleKind } from '@oncall/contracts';
import { selectRows, sql } from '../persistence/sql-fragment';
import type { BehaviorFilter } from './behavior-filters';
import type { MaintenanceWindow } from './maintenance-window';

export interface BehaviorRuleRef {
  id: string;
  name: string;
}

interface BehaviorRuleCommon {
  id: string;
  alertRuleId: string;
  name: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface NotificationBehaviorRule extends BehaviorRuleCommon {
  type: 'notification';
  filters: BehaviorFilter[];
  endpointIds: string[];
  endpoints: BehaviorRuleRef[];
}

export interface TemplateBehaviorRule extends BehaviorRuleCommon {
  type: 'template';
  endpointIds: string[];
  endpoints: BehaviorRuleRef[];
  template: string;
}

export interface SilentBehaviorRule extends BehaviorRuleCommon {
  type: 'silent';
  dependsOnAlertRuleIds: string[];
  dependsOnAlertRules: BehaviorRuleRef[];
  triggerState: 'resolved' | 'critical';
  /** A maintenance window that silences as a dependency in its trigger state does; null when none. */
  maintenance: MaintenanceWindow | null;
}

/** A behavior rule as every face shows it, and as delivery reads it. */
export type BehaviorRuleView = NotificationBehaviorRule | TemplateBehaviorRule | SilentBehaviorRule;

interface StoredRow {
  id: string;
  alertRuleId: string;
  kind: BehaviorRuleKind;
  name: string | null;
  settings: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The behavior rules of some alert rules (oldest first), or only `onlyRuleId`, with their endpoints
 * and depended-on rules by name. Three statements whatever the count: rules, endpoint links,
 * dependency links. No access check: callers have made theirs.
 */
export async function readBehaviorRules(
  em: EntityManager,
  alertRuleIds: readonly string[],
  onlyRuleId?: string,
): Promise<BehaviorRuleView[]> {
  if (alertRuleIds.length === 0) return [];
  const only = onlyRuleId === undefined ? sql`` : sql` and b.id = ${onlyRuleId}`;
  const rows = await selectRows<StoredRow>(
    em,
    sql`select b.id, b.alert_rule_id as "alertRuleId", b.kind, b.name, b.settings,
               b.created_at as "createdAt", b.updated_at as "updatedAt"
          from alert_rule_behavior_rules b
         where b.alert_rule_id in (${alertRuleIds})${only}
         order by b.alert_rule_id, b.id`,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const endpoints = groupRefs(
    await selectRows<BehaviorRuleRef & { ruleId: string }>(
      em,
      sql`select l.behavior_rule_id as "ruleId", e.id, e.name
            from alert_rule_behavior_endpoints l join endpoints e on e.id = l.endpoint_id
           where l.behavior_rule_id in (${ids}) order by e.name, e.id`,
    ),
  );
  const dependencies = groupRefs(
    await selectRows<BehaviorRuleRef & { ruleId: string }>(
      em,
      sql`select l.behavior_rule_id as "ruleId", r.id, r.name
            from alert_rule_behavior_dependencies l join alert_rules r on r.id = l.depends_on_rule_id
           where l.behavior_rule_id in (${ids}) order by r.name, r.id`,
    ),
  );
  return rows.map((row) => toView(row, endpoints.get(row.id) ?? [], dependencies.get(row.id) ?? []));
}

function groupRefs(rows: readonly (BehaviorRuleRef & { ruleId: string })[]): Map<string, BehaviorRuleRef[]> {
  const byRule = new Map<string, BehaviorRuleRef[]>();
  for (const { ruleId, id, name } of rows) byRule.set(ruleId, [...(byRule.get(ruleId) ?? []), { id, name }]);
  return byRule;
}

function toView(
  row: StoredRow,
  endpoints: BehaviorRuleRef[],
  dependencies: BehaviorRuleRef[],
): BehaviorRuleView {
  const common = {
    id: row.id,
    alertRuleId: row.alertRuleId,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
  const settings = row.settings;
  switch (row.kind) {
    case 'notification':
      return {
        ...common,
        type: 'notification',
        filters: (settings.filters as BehaviorFilter[] | undefined) ?? [],
        endpointIds: endpoints.map((e) => e.id),
        endpoints,
      };
    case 'template':
      return {
        ...common,
        type: 'template',
        endpointIds: endpoints.map((e) => e.id),
        endpoints,
        template: String(settings.template ?? ''),
      };
    case 'silent':
      return {
        ...common,
        type: 'silent',
        dependsOnAlertRuleIds: dependencies.map((r) => r.id),
        dependsOnAlertRules: dependencies,
        triggerState: settings.triggerState === 'critical' ? 'critical' : 'resolved',
        maintenance: maintenanceOf(settings.maintenance),
      };
  }
}

function maintenanceOf(value: unknown): MaintenanceWindow | null {
  if (typeof value !== 'object' || value === null) return null;
  const { from, to, timeZone, weekly } = value as Record<string, unknown>;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof timeZone !== 'string') return null;
  return { from, to, timeZone, weekly: weekly === true };
}
