import type { EntityManager } from '@mikro-orm/core';
import type { MessageGroup, MessageGroupItem } from '@oncall/plugin-sdk';
import type { CarriedInstance, DeliveryCarried } from '../entities/delivery-attempt.entity';
import { queryRows } from '../persistence/query-rows';

/** Instances a grouped message lists by name; the rest are counted ("and N more") and linked. */
export const MAX_GROUP_ITEMS = 10;

/**
 * One instance a grouped message lists, with what a template may show of it: its event's alert
 * (or, in a repeat, which names no event, the instance as it is with its last event's annotations).
 *
 * @example { state: 'firing', instanceId: '0193…', instance: 'db-2', alertname: 'disk_full', labels: { job: 'node' }, annotations: {}, summary: null }
 */
export interface CarriedItem {
  readonly state: 'firing' | 'resolved';
  readonly instanceId: string;
  readonly instance: string | null;
  readonly alertname: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly summary: string | null;
}

/**
 * What a grouped message carries, read once for the channels' list and the template's `group`:
 * the counts, the first `MAX_GROUP_ITEMS` instances (firing first), how many more, and the rule.
 */
export interface CarriedGroup {
  readonly firing: number;
  readonly resolved: number;
  readonly items: readonly CarriedItem[];
  readonly more: number;
  readonly ruleId: string | null;
}

interface ItemRow {
  id: string;
  rule_id: string;
  alertname: string | null;
  instance: string | null;
  labels: Record<string, string> | string | null;
  annotations: Record<string, string> | string | null;
  summary: string | null;
}

/**
 * Reads the listed instances of a grouped message (two statements at most, one per table).
 *
 * @example await readCarriedGroup(em, { firing: [a, b], resolved: [] }) // { firing: 2, resolved: 0, items: [...], more: 0, ruleId: '…' }
 */
export async function readCarriedGroup(em: EntityManager, carried: DeliveryCarried): Promise<CarriedGroup> {
  const listed = [
    ...carried.firing.map((member) => ({ state: 'firing' as const, member })),
    ...carried.resolved.map((member) => ({ state: 'resolved' as const, member })),
  ].slice(0, MAX_GROUP_ITEMS);
  const members = listed.map(({ member }) => member);
  const events = await eventRows(
    em,
    members.flatMap((m) => m.alertEventId ?? []),
  );
  const instances = await instanceRows(
    em,
    members.filter((m) => m.alertEventId === null).map((m) => m.instanceId),
  );
  const rowOf = (member: CarriedInstance) =>
    member.alertEventId === null ? instances.get(member.instanceId) : events.get(member.alertEventId);
  const items = listed.map(({ state, member }): CarriedItem => {
    const row = rowOf(member);
    return {
      state,
      instanceId: member.instanceId,
      instance: row?.instance ?? null,
      alertname: row?.alertname ?? null,
      labels: jsonObject(row?.labels ?? null),
      annotations: jsonObject(row?.annotations ?? null),
      summary: row?.summary ?? null,
    };
  });
  const total = carried.firing.length + carried.resolved.length;
  return {
    firing: carried.firing.length,
    resolved: carried.resolved.length,
    items,
    more: total - items.length,
    ruleId: [...events.values(), ...instances.values()][0]?.rule_id ?? null,
  };
}

/**
 * The `group` of a grouped message, as the channels render it: the counts, the listed instances by
 * name (`alertname — instance`, or the instance id when neither is known), `more`, and the rule in
 * the UI.
 *
 * @example messageGroupOf(group, 'https://oncall.example.com')
 * // { firing: 2, resolved: 0, items: [{ state: 'firing', title: 'disk_full — db-1' }, …], more: 0, ruleUrl: '…/rules/r_1' }
 */
export function messageGroupOf(group: CarriedGroup, publicUrl: string): MessageGroup {
  const items: MessageGroupItem[] = group.items.map((item) => {
    const title = [item.alertname, item.instance].filter((part) => part).join(' — ');
    return { state: item.state, title: title || item.instanceId };
  });
  const ruleUrl = ruleUrlOf(group, publicUrl);
  return {
    firing: group.firing,
    resolved: group.resolved,
    items,
    more: group.more,
    ...(ruleUrl === null ? {} : { ruleUrl }),
  };
}

/** The rule's page in the UI, where every instance of a group is listed; null when unknown. */
export function ruleUrlOf(group: CarriedGroup, publicUrl: string): string | null {
  return group.ruleId === null ? null : `${publicUrl.replace(/\/+$/, '')}/rules/${group.ruleId}`;
}

async function eventRows(em: EntityManager, ids: readonly string[]): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<ItemRow>(
    em,
    `select e.id, e.rule_id, e.alertname, e.instance, i.labels, e.payload->'annotations' as annotations,
            coalesce(e.payload->>'summary', i.summary) as summary
       from alert_events e left join alert_instances i on i.id = e.instance_id
      where e.id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

// A repeat names instances, not events: their annotations are those of their last event.
async function instanceRows(em: EntityManager, ids: readonly string[]): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<ItemRow>(
    em,
    `select i.id, i.rule_id, i.alertname, i.instance, i.labels, i.summary,
            (select e.payload->'annotations' from alert_events e
              where e.instance_id = i.id order by e.created_at desc limit 1) as annotations
       from alert_instances i
      where i.id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** A json(b) object of string values as the driver hands it back (text on some drivers). */
function jsonObject(value: Record<string, string> | string | null): Readonly<Record<string, string>> {
  if (value === null) return {};
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
}
