import type { MikroORM } from '@mikro-orm/core';
import type { ChannelMessage } from '@oncall/plugin-sdk';
import type { AckLinkSigner } from '../alert-lifecycle/ack-link';
import type { AlertEventKind } from '../entities/alert-event.entity';
import type { AlertState } from '../entities/alert-rule.entity';
import { isId } from '../entities/new-id';
import { queryRows } from '../persistence/query-rows';
import { acknowledgeLink, alertEventMessage, offersAcknowledge } from './alert-event-message';

export interface AlertEventMessagesOptions {
  readonly orm: MikroORM;
  /** Signs acknowledge links; the core's signer, or one built from the same JWT secret and lifetime. */
  readonly ackLinks: Pick<AckLinkSigner, 'sign'>;
  /** Where users reach the service (`PUBLIC_URL`); acknowledge links start with it. */
  readonly publicUrl: string;
}

/**
 * Renders alert notifications at send time; it implements the engine's `AlertMessageSource` port.
 * Returns null when the alert event no longer exists (nothing to send).
 */
export interface AlertEventMessages {
  messageFor(request: {
    readonly alertEventId: string;
    readonly endpointId: string;
  }): Promise<ChannelMessage | null>;
}

interface EventRow {
  rule_id: string;
  episode_id: string | null;
  kind: AlertEventKind;
  state: AlertState | null;
  rule_state: AlertState;
  alertname: string | null;
  instance: string | null;
  description: string | null;
  created_at: Date | string;
  rule_name: string;
  show_acknowledge_btn: boolean;
  actor_name: string | null;
  via_endpoint_name: string | null;
}

/**
 * The alert messages over the alert history: one query reads the event, its rule and its
 * actor. The acknowledge link is signed at send time for the endpoint being paged (the request
 * names it), bound to the event's episode, so a retried or escalated page carries a link that is
 * still valid for its whole lifetime and each person's link records them.
 */
export function createAlertEventMessages(options: AlertEventMessagesOptions): AlertEventMessages {
  return {
    async messageFor({ alertEventId, endpointId }) {
      if (!isId(alertEventId)) return null;
      const [row] = await queryRows<EventRow>(
        options.orm.em.fork(),
        `select e.rule_id, e.episode_id, e.kind, e.state, e.rule_state, e.alertname, e.instance,
                e.description, e.created_at, r.name as rule_name, r.show_acknowledge_btn,
                coalesce(nullif(u.name, ''), u.username) as actor_name, via.name as via_endpoint_name
           from alert_events e
           join alert_rules r on r.id = e.rule_id
           left join users u on u.id = e.actor_id
           left join endpoints via on via.id = e.via_endpoint_id
          where e.id = ?`,
        [alertEventId],
      );
      if (!row) return null;
      const facts = {
        kind: row.kind,
        state: row.state,
        ruleState: row.rule_state,
        ruleName: row.rule_name,
        alertname: row.alertname,
        instance: row.instance,
        description: row.description,
        actorName: row.actor_name,
        viaEndpointName: row.via_endpoint_name,
        createdAt: new Date(row.created_at),
      };
      const acknowledgeUrl =
        row.show_acknowledge_btn && row.episode_id !== null && isId(endpointId) && offersAcknowledge(facts)
          ? acknowledgeLink(
              options.publicUrl,
              options.ackLinks.sign({ ruleId: row.rule_id, episodeId: row.episode_id, endpointId }),
            )
          : undefined;
      return alertEventMessage(facts, acknowledgeUrl);
    },
  };
}
