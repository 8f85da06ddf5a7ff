import type { EntityManager } from '@mikro-orm/core';
import type { Urgency } from '@oncall/contracts';
import { queryRows } from '@oncall/core/persistence';

/** When a person's rule pages, as the delivery log names it. */
export interface PageRule {
  readonly urgency: Urgency;
  readonly delayMinutes: number;
}

/** One stored notification rule. */
export interface NotificationRule extends PageRule {
  readonly id: string;
  readonly userId: string;
  readonly endpointId: string;
  readonly createdAt: Date;
}

export interface NotificationRuleRow {
  id: string;
  user_id: string;
  urgency: Urgency;
  delay_minutes: number;
  endpoint_id: string;
  created_at: Date | string;
}

export const NOTIFICATION_RULE_COLUMNS =
  'r.id, r.user_id, r.urgency, r.delay_minutes, r.endpoint_id, r.created_at';

export function toNotificationRule(row: NotificationRuleRow): NotificationRule {
  return {
    id: row.id,
    userId: row.user_id,
    urgency: row.urgency,
    delayMinutes: Number(row.delay_minutes),
    endpointId: row.endpoint_id,
    createdAt: new Date(row.created_at),
  };
}

/**
 * The rules a page of `urgency` runs for each of `userIds`, earliest first: the person's rules of
 * that urgency, and for a high-urgency page of someone with only default rules, those. A person
 * missing from the answer has none, and is paged on all their endpoints at once. Rules whose
 * endpoint is no longer theirs (moved to another owner) or became a flow are left out.
 */
export async function rulesForPage(
  em: EntityManager,
  userIds: readonly string[],
  urgency: Urgency,
): Promise<Map<string, NotificationRule[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<NotificationRuleRow>(
    em,
    `select ${NOTIFICATION_RULE_COLUMNS} from notification_rules r
       join endpoints e on e.id = r.endpoint_id and e.owner_id = r.user_id and e.type <> 'flow'
      where r.user_id in (${userIds.map(() => '?').join(', ')}) and r.urgency in ('default', ?)
      order by r.user_id, r.delay_minutes, r.endpoint_id`,
    [...userIds, urgency],
  );
  const byUser = new Map<string, NotificationRule[]>();
  for (const rule of rows.map(toNotificationRule)) {
    byUser.set(rule.userId, [...(byUser.get(rule.userId) ?? []), rule]);
  }
  for (const [userId, rules] of byUser) {
    const own = rules.filter((rule) => rule.urgency === urgency);
    if (own.length === 0) continue;
    byUser.set(userId, own);
  }
  return byUser;
}
