import type { EntityManager } from '@mikro-orm/core';
import type { MessageGroup, MessageGroupItem } from '@oncall/plugin-sdk';
import type { CarriedInstance, DeliveryCarried } from '../entities/delivery-attempt.entity';
import { queryRows } from '../persistence/query-rows';

/** Instances a grouped message lists by name; the rest are counted ("and N more") and linked. */
export const MAX_GROUP_ITEMS = 10;

interface ItemRow {
  id: string;
  rule_id: string;
  alertname: string | null;
  instance: string | null;
}

/**
 * The `group` of a grouped message: how many instances opened and resolved, the first
 * `MAX_GROUP_ITEMS` of them by name (firing first), how many more, and the rule in the UI. An item
 * is named by its event, or by its instance in a repeat (which names no event).
 *
 * @example await messageGroupOf(em, { firing: [a, b], resolved: [] }, 'https://oncall.example.com')
 * // { firing: 2, resolved: 0, items: [{ state: 'firing', title: 'db-1' }, …], more: 0, ruleUrl: '…/rules/r_1' }
 */
export async function messageGroupOf(
  em: EntityManager,
  carried: DeliveryCarried,
  publicUrl: string,
): Promise<MessageGroup> {
  const listed = [
    ...carried.firing.map((member) => ({ state: 'firing' as const, member })),
    ...carried.resolved.map((member) => ({ state: 'resolved' as const, member })),
  ].slice(0, MAX_GROUP_ITEMS);
  const members = listed.map(({ member }) => member);
  const events = await namesOf(
    em,
    'alert_events',
    members.flatMap((m) => m.alertEventId ?? []),
  );
  const instances = await namesOf(
    em,
    'alert_instances',
    members.filter((m) => m.alertEventId === null).map((m) => m.instanceId),
  );
  const rowOf = (member: CarriedInstance) =>
    member.alertEventId === null ? instances.get(member.instanceId) : events.get(member.alertEventId);
  const items: MessageGroupItem[] = listed.map(({ state, member }) => {
    const row = rowOf(member);
    const title = [row?.alertname, row?.instance].filter((part) => part).join(' — ');
    return { state, title: title || member.instanceId };
  });
  const total = carried.firing.length + carried.resolved.length;
  const ruleId = [...events.values(), ...instances.values()][0]?.rule_id;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    firing: carried.firing.length,
    resolved: carried.resolved.length,
    items,
    more: total - items.length,
    ...(ruleId === undefined ? {} : { ruleUrl: `${base}/rules/${ruleId}` }),
  };
}

// Both tables name an alert the same way: its alertname and instance, and its rule.
async function namesOf(
  em: EntityManager,
  table: 'alert_events' | 'alert_instances',
  ids: readonly string[],
): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<ItemRow>(
    em,
    `select id, rule_id, alertname, instance from ${table} where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((row) => [row.id, row]));
}
