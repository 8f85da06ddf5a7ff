import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { standingOnRule } from '../alert-rules/rule-standing';
import type { Actor } from '../auth/actor';
import { type AlertState, isId, newId } from '../entities/index';
import { unauthenticated, validationFailed } from '../errors/domain-error';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import type { AckLinkSigner } from './ack-link';
import { applySignal } from './apply-signal';
import { notifyTargets } from './notify-targets';
import { loadVisibleRule } from './rule-access';
import { stopEpisodeEscalations } from './stop-episode-escalations';

export type ActionAnswer = { status: boolean; message: string };

export interface RuleActionDeps {
  orm: MikroORM;
  orchestrator: Orchestrator;
  clock: Clock;
  ackLinks: AckLinkSigner;
}

/**
 * What people do to a rule: acknowledge it (in the app or through a message's signed link), resolve
 * it by hand, and send a test notification. Shared users may do all three, as the design guide
 * allows for the first two; a test pages no more than an acknowledge does.
 */
export class RuleActions {
  constructor(private readonly deps: RuleActionDeps) {}

  acknowledge(actor: Actor, ruleId: string): Promise<ActionAnswer> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await loadVisibleRule(tx, actor, ruleId);
      return this.acknowledgeIn(tx, ruleId, actor.userId);
    });
  }

  /** The login-link acknowledge: the signed token is the authority, recorded as the system admin. */
  async acknowledgeByLink(ruleId: string, token: string | undefined): Promise<ActionAnswer> {
    if (!token || !isId(ruleId) || !(await this.deps.ackLinks.verify(token, ruleId))) {
      throw unauthenticated('This acknowledge link is invalid or has expired.');
    }
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const [admin] = await queryRows<{ id: string }>(
        tx,
        'select id from users where is_system_admin limit 1',
      );
      return this.acknowledgeIn(tx, ruleId, admin?.id ?? null);
    });
  }

  /** Resolves every firing instance of the rule, each as its own history event. */
  resolve(actor: Actor, ruleId: string): Promise<ActionAnswer> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const rule = await loadVisibleRule(tx, actor, ruleId);
      const firing = await queryRows<{ fingerprint: string; alertname: string | null; instance: string }>(
        tx,
        `select fingerprint, alertname, instance from alert_instances
          where rule_id = ? and state in ('critical', 'warning') order by fired_at`,
        [rule.id],
      );
      for (const instance of firing) {
        await applySignal(tx, this.deps, rule.id, {
          ...instance,
          state: 'resolved',
          kind: 'resolved',
          description: 'Resolved manually',
          actorId: actor.userId,
        });
      }
      return firing.length > 0
        ? { status: true, message: 'Alert rule resolved.' }
        : { status: false, message: 'Alert rule is not firing.' };
    });
  }

  /**
   * Records a `test` event and pages it to every endpoint a real alert of the rule would page now
   * (silenced users' endpoints stay quiet, as they would for a real alert). Nothing to page answers
   * `status: false` and records nothing.
   */
  sendTest(actor: Actor, ruleId: string): Promise<ActionAnswer> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const { id } = await standingOnRule(tx, actor, ruleId);
      const targets = await notifyTargets(tx, id);
      if (targets.length === 0) {
        return {
          status: false,
          message: 'No endpoint to notify: attach one to the rule, or unsilence it.',
        };
      }
      // Shared: waits for a signal changing the rule's state to commit, so the event carries the
      // state in force, without holding up other tests.
      const [rule] = await queryRows<{ state: AlertState }>(
        tx,
        'select state from alert_rules where id = ? for share',
        [id],
      );
      const eventId = newId();
      await runStatement(
        tx,
        `insert into alert_events (id, rule_id, kind, rule_state, actor_id, description, created_at)
         values (?, ?, 'test', ?, ?, 'Test notification', ?)`,
        [eventId, id, rule?.state ?? 'unknown', actor.userId, this.deps.clock.now()],
      );
      for (const endpointId of targets) {
        await this.deps.orchestrator.notify(tx, { alertEventId: eventId, endpointId });
      }
      return { status: true, message: 'Test notification queued.' };
    });
  }

  private async acknowledgeIn(
    tx: EntityManager,
    ruleId: string,
    userId: string | null,
  ): Promise<ActionAnswer> {
    const [rule] = await queryRows<{ state: string; name: string }>(
      tx,
      'select state, name from alert_rules where id = ? for no key update',
      [ruleId],
    );
    if (!rule) return { status: false, message: 'Alert rule not found.' };
    if (rule.state !== 'critical' && rule.state !== 'warning') {
      throw validationFailed({ id: ['Only a firing (critical or warning) alert rule can be acknowledged.'] });
    }
    const now = this.deps.clock.now();
    const episodes = await queryRows<{ episode_id: string }>(
      tx,
      `update alert_instances set acknowledged_at = ?, acknowledged_by_id = ?
        where rule_id = ? and state in ('critical', 'warning') and acknowledged_at is null
        returning episode_id`,
      [now, userId, ruleId],
    );
    if (episodes.length === 0) return { status: false, message: 'Alert rule already acknowledged.' };
    const eventId = newId();
    await runStatement(
      tx,
      `insert into alert_events (id, rule_id, kind, rule_state, actor_id, description, created_at)
       values (?, ?, 'acknowledged', ?, ?, ?, ?)`,
      [eventId, ruleId, rule.state, userId, `Acknowledged ${rule.name}`, now],
    );
    for (const endpointId of await notifyTargets(tx, ruleId)) {
      await this.deps.orchestrator.notify(tx, { alertEventId: eventId, endpointId });
    }
    await stopEpisodeEscalations(
      tx,
      this.deps.orchestrator,
      episodes.map((row) => row.episode_id),
      'acknowledged',
    );
    return { status: true, message: 'Alert rule acknowledged.' };
  }
}
