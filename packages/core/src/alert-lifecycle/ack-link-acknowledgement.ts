import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { unauthenticated } from '../errors/domain-error';
import type { AckLinkClaims, AckLinkSigner } from '../notifications/ack-link';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import { recordAcknowledgement } from './record-acknowledgement';
import type { ActionAnswer } from './rule-actions';

/** What the link's page tells: the alert of the episode, and who acknowledged it when someone did. */
export interface AckLinkFacts {
  readonly ruleName: string;
  readonly alertname: string | null;
  readonly instance: string | null;
  /** The instance's state; null when the episode is gone. */
  readonly state: AlertState | null;
  readonly firedAt: Date | null;
  /** The endpoint the link was sent through; null when it was deleted since. */
  readonly endpointName: string | null;
  readonly acknowledgedAt: Date | null;
  readonly acknowledgedBy: string | null;
}

/**
 * A link's standing. `open`: its episode fires unacknowledged; `acknowledged`: it fires and someone
 * acknowledged it; `closed`: the episode resolved (or a later one replaced it), or its rule or
 * endpoint was deleted; `expired`: past its lifetime; `forged`: not a link this service signed.
 */
export type AckLinkView =
  | { readonly state: 'forged' | 'expired' }
  | { readonly state: 'closed'; readonly facts: AckLinkFacts | null }
  | { readonly state: 'open' | 'acknowledged'; readonly facts: AckLinkFacts };

export interface AckLinkOutcome {
  readonly view: AckLinkView;
  /** True when this call acknowledged the episode (false: it was already, or the link is refused). */
  readonly acknowledgedNow: boolean;
}

export interface AckLinkDeps {
  orm: MikroORM;
  orchestrator: Orchestrator;
  clock: Clock;
  ackLinks: AckLinkSigner;
}

interface EpisodeRow {
  rule_name: string;
  rule_state: string;
  alertname: string | null;
  instance: string | null;
  state: AlertState | null;
  fired_at: Date | string | null;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  endpoint_name: string | null;
  endpoint_owner_id: string | null;
}

const ALREADY: ActionAnswer = { status: false, message: 'Alert rule already acknowledged.' };
const ACKNOWLEDGED: ActionAnswer = { status: true, message: 'Alert rule acknowledged.' };

/**
 * The acknowledge link of a message. Its signed token is the authority, with no session: it names
 * one episode of one rule and the endpoint the page went through, and acknowledges that episode
 * only, as the endpoint's owner "via" the endpoint. Reading a link never changes anything: link
 * previewers and mail scanners read every link they see.
 */
export class AckLinkAcknowledgement {
  constructor(private readonly deps: AckLinkDeps) {}

  async inspect(token: string): Promise<AckLinkView> {
    const check = this.deps.ackLinks.verify(token);
    if (!check.valid) return { state: check.reason };
    const row = await loadEpisode(this.deps.orm.em.fork(), check.claims);
    return viewOf(row);
  }

  /** Acknowledges the link's episode, unless it is already or the link is refused. */
  async acknowledge(token: string): Promise<AckLinkOutcome> {
    const check = this.deps.ackLinks.verify(token);
    if (!check.valid) return { view: { state: check.reason }, acknowledgedNow: false };
    return this.acknowledgeEpisode(check.claims);
  }

  /**
   * The contract's `GET /alert-rule/acknowledgeL/{id}` for legacy clients: the same link token and
   * binding, answered as the contract says, every refused link as 401.
   */
  async acknowledgeForRule(ruleId: string, token: string | undefined): Promise<ActionAnswer> {
    const check = token ? this.deps.ackLinks.verify(token) : undefined;
    if (!check?.valid || check.claims.ruleId !== ruleId) {
      throw unauthenticated('This acknowledge link is invalid or has expired.');
    }
    const { view, acknowledgedNow } = await this.acknowledgeEpisode(check.claims);
    if (view.state === 'open' || view.state === 'acknowledged') {
      return acknowledgedNow ? ACKNOWLEDGED : ALREADY;
    }
    throw unauthenticated('This acknowledge link has expired: its alert is no longer firing.');
  }

  private acknowledgeEpisode(claims: AckLinkClaims): Promise<AckLinkOutcome> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      // The rule's lock, as the app's acknowledge takes it: one acknowledgement of an episode wins.
      await queryRows(tx, 'select 1 from alert_rules where id = ? for no key update', [claims.ruleId]);
      const row = await loadEpisode(tx, claims);
      const view = viewOf(row);
      if (view.state !== 'open' || !row?.endpoint_owner_id || row.endpoint_name === null) {
        return { view, acknowledgedNow: false };
      }
      const at = this.deps.clock.now();
      await runStatement(
        tx,
        `update alert_instances set acknowledged_at = ?, acknowledged_by_id = ?
          where rule_id = ? and episode_id = ? and state in ('critical', 'warning') and acknowledged_at is null`,
        [at, row.endpoint_owner_id, claims.ruleId, claims.episodeId],
      );
      await recordAcknowledgement(tx, this.deps.orchestrator, {
        ruleId: claims.ruleId,
        ruleName: row.rule_name,
        ruleState: row.rule_state,
        episodeIds: [claims.episodeId],
        actorId: row.endpoint_owner_id,
        via: { endpointId: claims.endpointId, endpointName: row.endpoint_name },
        at,
      });
      const acknowledged = await loadEpisode(tx, claims);
      return { view: viewOf(acknowledged), acknowledgedNow: true };
    });
  }
}

/**
 * The episode of a link in one statement: the instance while the episode is its current one, else
 * what the episode's opening event recorded; the endpoint and its owner.
 */
async function loadEpisode(em: EntityManager, claims: AckLinkClaims): Promise<EpisodeRow | undefined> {
  const [row] = await queryRows<EpisodeRow>(
    em,
    `select r.name as rule_name, r.state as rule_state,
            coalesce(i.alertname, opening.alertname) as alertname,
            coalesce(i.instance, opening.instance) as instance,
            i.state, coalesce(i.fired_at, opening.created_at) as fired_at, i.acknowledged_at,
            coalesce(nullif(acknowledger.name, ''), acknowledger.username) as acknowledged_by,
            ep.name as endpoint_name, ep.owner_id as endpoint_owner_id
       from alert_rules r
       left join alert_instances i on i.rule_id = r.id and i.episode_id = ?
       left join alert_events opening on opening.id = ? and opening.rule_id = r.id
       left join users acknowledger on acknowledger.id = i.acknowledged_by_id
       left join endpoints ep on ep.id = ?
      where r.id = ?`,
    [claims.episodeId, claims.episodeId, claims.endpointId, claims.ruleId],
  );
  return row;
}

function viewOf(row: EpisodeRow | undefined): AckLinkView {
  if (!row) return { state: 'closed', facts: null };
  const facts: AckLinkFacts = {
    ruleName: row.rule_name,
    alertname: row.alertname,
    instance: row.instance,
    state: row.state,
    firedAt: row.fired_at === null ? null : new Date(row.fired_at),
    endpointName: row.endpoint_name,
    acknowledgedAt: row.acknowledged_at === null ? null : new Date(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
  };
  const firing = row.state === 'critical' || row.state === 'warning';
  if (!firing || row.endpoint_owner_id === null) return { state: 'closed', facts };
  return { state: row.acknowledged_at === null ? 'open' : 'acknowledged', facts };
}
