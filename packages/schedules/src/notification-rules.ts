import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { NotificationRuleBody } from '@oncall/contracts';
import { type Actor, type Clock, forbidden, isId, newId, notFound, validationFailed } from '@oncall/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import {
  NOTIFICATION_RULE_COLUMNS,
  type NotificationRule,
  type NotificationRuleRow,
  toNotificationRule,
} from './notification-rule-rows';

export interface NotificationRulesDeps {
  orm: MikroORM;
  clock: Clock;
}

/** Owners and managers see everyone's rules (to know how a colleague is reached); nobody edits another's. */
const readsEveryone = (actor: Actor) => actor.role === 'owner' || actor.role === 'manager';

const duplicate = () =>
  validationFailed({ endpointId: ['This contact method already has a rule at this urgency and delay.'] });

/**
 * People's notification rules: how a page reaches a person. Each rule pages one of the user's own
 * endpoints (not a flow) `delayMinutes` after a page of its urgency starts, unless the page was
 * acknowledged or resolved meanwhile. A user manages only their own rules; owners and managers may
 * read anyone's. The pager reads them through `createOnCallPeople`.
 */
export class NotificationRules {
  constructor(private readonly deps: NotificationRulesDeps) {}

  private em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  /** `userId` absent: the caller's. Another user's rules only for owners and managers. */
  async list(actor: Actor, userId = actor.userId): Promise<NotificationRule[]> {
    if (userId !== actor.userId && !readsEveryone(actor)) throw forbidden();
    if (!isId(userId)) throw notFound('User');
    const rows = await queryRows<NotificationRuleRow>(
      this.em(),
      `select ${NOTIFICATION_RULE_COLUMNS} from notification_rules r
        where r.user_id = ? order by r.urgency, r.delay_minutes, r.endpoint_id`,
      [userId],
    );
    return rows.map(toNotificationRule);
  }

  async get(actor: Actor, id: string): Promise<NotificationRule> {
    const rule = await this.load(this.em(), id);
    if (rule.userId !== actor.userId && !readsEveryone(actor)) throw notFound('Notification rule');
    return rule;
  }

  async create(actor: Actor, body: NotificationRuleBody): Promise<NotificationRule> {
    const em = this.em();
    await this.assertOwnContactMethod(em, actor, body.endpointId);
    const id = newId();
    // The unique index decides between racing writers: the one that inserts nothing gets the 422.
    const inserted = await runStatement(
      em,
      `insert into notification_rules (id, user_id, urgency, delay_minutes, endpoint_id, created_at)
       values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [id, actor.userId, body.urgency, body.delayMinutes, body.endpointId, this.deps.clock.now()],
    );
    if (inserted === 0) throw duplicate();
    return this.load(em, id);
  }

  async update(actor: Actor, id: string, body: NotificationRuleBody): Promise<NotificationRule> {
    const em = this.em();
    await this.own(em, actor, id);
    await this.assertOwnContactMethod(em, actor, body.endpointId);
    const same = `select 1 from notification_rules o where o.user_id = ? and o.urgency = ?
      and o.delay_minutes = ? and o.endpoint_id = ? and o.id <> ?`;
    const updated = await runStatement(
      em,
      `update notification_rules set urgency = ?, delay_minutes = ?, endpoint_id = ?
        where id = ? and not exists (${same})`,
      [
        body.urgency,
        body.delayMinutes,
        body.endpointId,
        id,
        actor.userId,
        body.urgency,
        body.delayMinutes,
        body.endpointId,
        id,
      ],
    );
    if (updated === 0) throw duplicate();
    return this.load(em, id);
  }

  /** Answers the rule as it was. */
  async remove(actor: Actor, id: string): Promise<NotificationRule> {
    const em = this.em();
    const rule = await this.own(em, actor, id);
    await runStatement(em, 'delete from notification_rules where id = ?', [id]);
    return rule;
  }

  private async load(em: EntityManager, id: string): Promise<NotificationRule> {
    if (!isId(id)) throw notFound('Notification rule');
    const [row] = await queryRows<NotificationRuleRow>(
      em,
      `select ${NOTIFICATION_RULE_COLUMNS} from notification_rules r where r.id = ?`,
      [id],
    );
    if (row === undefined) throw notFound('Notification rule');
    return toNotificationRule(row);
  }

  /** Another's rule is not the caller's to change: 404, as if it did not exist, even for admins. */
  private async own(em: EntityManager, actor: Actor, id: string): Promise<NotificationRule> {
    const rule = await this.load(em, id);
    if (rule.userId !== actor.userId) throw notFound('Notification rule');
    return rule;
  }

  /** A contact method is one of the caller's own endpoints; a flow is not one (it pages others). */
  private async assertOwnContactMethod(em: EntityManager, actor: Actor, endpointId: string): Promise<void> {
    const [endpoint] = isId(endpointId)
      ? await queryRows<{ type: string }>(em, 'select type from endpoints where id = ? and owner_id = ?', [
          endpointId,
          actor.userId,
        ])
      : [];
    if (endpoint === undefined)
      throw validationFailed({ endpointId: ['The contact method must be one of your own endpoints.'] });
    if (endpoint.type === 'flow')
      throw validationFailed({ endpointId: ['A flow cannot be a contact method.'] });
  }
}
