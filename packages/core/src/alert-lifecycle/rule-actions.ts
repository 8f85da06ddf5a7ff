import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { type AlertState, newId } from '../entities/index';
import { validationFailed } from '../errors/domain-error';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import { standingOnRule } from '../rule-access/rule-standing';
import { applySignal } from './apply-signal';
import { notifyTargets } from './notify-targets';
import { recordAcknowledgement } from './record-acknowledgement';
import { loadVisibleRule } from './rule-access';

export type ActionAnswer = { status: boolean; message: string };

export interface RuleActionDeps {
  orm: MikroORM;
  orchestrator: Orchestrator;
  clock: Clock;
}

/**
 * What people do to a rule in the app: acknowledge it, resolve it by hand, and send a test
 * notification (a message's acknowledge link is `AckLinkAcknowledgement`). Shared users may do all three, as the design guide
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

  private async acknowledgeIn(tx: EntityManager, ruleId: string, userId: string): Promise<ActionAnswer> {
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
    await recordAcknowledgement(tx, this.deps.orchestrator, {
      ruleId,
      ruleName: rule.name,
      ruleState: rule.state,
      episodeIds: episodes.map((row) => row.episode_id),
      actorId: userId,
      via: null,
      at: now,
    });
    return { status: true, message: 'Alert rule acknowledged.' };
  }
}
