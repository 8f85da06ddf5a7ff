import type { MikroORM } from '@mikro-orm/core';
import {
  type Actor,
  type Clock,
  type ClusterService,
  type Orchestrator,
  type Role,
  unauthenticated,
} from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { signalMainSilence } from './main-silence';
import { lowerRole, verifyAssertion } from './zone-assertion';
import type { ZoneFollower } from './zone-follower';
import { FORWARD_TIMEOUT_MS, zoneUrl } from './zone-forwarder';
import { assertionKeyOf, zoneIdOf } from './zone-token';

export interface ZoneAgentDeps {
  orm: MikroORM;
  cluster: ClusterService;
  clock: Clock;
  dispatcher: Dispatcher;
  orchestrator: Orchestrator;
  /** Told the version of the main's rows each heartbeat answer names; it copies on its own loop. */
  follower: ZoneFollower;
  /** This deployment's version, sent in heartbeats. */
  version: string;
  /** How long the main may be out of reach before the agent pages locally. */
  mainSilentAfterMs: number;
}

const NOT_AN_AGENT = 'This deployment accepts zone assertions only as an agent of the main that signs them.';

/**
 * The agent's side of a zone: it takes requests its main forwards (with the main's assertion of
 * who is calling, checked against the key its own zone token derives) and reports to its main.
 * Only a deployment whose cluster configuration is `type: agent` with a token accepts anything.
 */
export class ZoneAgent {
  /** When the main last took a heartbeat (or this process started, or the deployment became an agent). */
  private lastReachedAt: Date;
  /** Whether this process opened the local alert, or may have before a restart (resolved on the next success). */
  private mayBeRaised = true;

  constructor(private readonly deps: ZoneAgentDeps) {
    this.lastReachedAt = deps.clock.now();
  }

  /**
   * One heartbeat pass: reports to the main; after `mainSilentAfterMs` without reaching it, opens
   * the local "main unreachable" alert, and resolves it on the next heartbeat the main takes; when
   * the main's answer names the version of its rows, tells the follower (which copies on its own loop).
   * Rethrows the failure so the loop logs it.
   */
  async heartbeatPass(): Promise<void> {
    let sent: { syncVersion: string | null } | null;
    try {
      sent = await this.sendHeartbeat();
    } catch (error) {
      const now = this.deps.clock.now();
      const silentMs = now.getTime() - this.lastReachedAt.getTime();
      if (silentMs >= this.deps.mainSilentAfterMs) {
        const reason = `This agent has not reached its main since ${this.lastReachedAt.toISOString()}: ${messageOf(error)}`;
        await signalMainSilence(this.deps, 'fire', reason);
        this.mayBeRaised = true;
      }
      throw error;
    }
    // A deployment that is no agent has no main to miss: the bound starts when it becomes one.
    this.lastReachedAt = this.deps.clock.now();
    if (sent && this.mayBeRaised) {
      await signalMainSilence(this.deps, 'resolve', 'The main took a heartbeat again.');
      this.mayBeRaised = false;
    }
    if (sent?.syncVersion) this.deps.follower.signal(sent.syncVersion);
  }

  /**
   * The local actor a forwarded request acts as: the user the main asserts, found here by id or
   * else by username, with the lower of the two roles; the agent's own rules on what that user may
   * see apply as to any caller. Anything else is a 401.
   */
  async assertedActor(assertion: string): Promise<Actor> {
    const source = await this.deps.cluster.source();
    const zoneId = source ? zoneIdOf(source.sourceToken) : null;
    if (!source || !zoneId) throw unauthenticated(NOT_AN_AGENT);
    const caller = await verifyAssertion(
      assertion,
      zoneId,
      assertionKeyOf(source.sourceToken),
      this.deps.clock.now(),
    );
    if (!caller) throw unauthenticated('The zone assertion is invalid or expired.');
    const [local] = await queryRows<{ id: string; role: Role; is_system_admin: boolean }>(
      this.deps.orm.em.fork(),
      `select id, role, is_system_admin from users where id::text = ? or username = ?
        order by (id::text = ?) desc limit 1`,
      [caller.userId, caller.username, caller.userId],
    );
    if (!local) throw unauthenticated('The asserted user has no account in this zone.');
    return {
      userId: local.id,
      role: lowerRole(local.role, caller.role),
      sessionId: `zone:${caller.id}`,
      isSystemAdmin: local.is_system_admin && caller.isSystemAdmin,
    };
  }

  /**
   * Tells the main this agent is alive (its version and when it sent this) and answers the version
   * of the main's rows it names; null when this deployment is no agent. Throws when the main
   * refuses or cannot be reached.
   */
  async sendHeartbeat(): Promise<{ syncVersion: string | null } | null> {
    const source = await this.deps.cluster.source();
    if (!source) return null;
    const answer = await request(zoneUrl(source.sourceUrl, '/api/v1/zones/heartbeat'), {
      method: 'POST',
      headers: { authorization: `Bearer ${source.sourceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: this.deps.version, sentAt: this.deps.clock.now().toISOString() }),
      dispatcher: this.deps.dispatcher,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      headersTimeout: FORWARD_TIMEOUT_MS,
      bodyTimeout: FORWARD_TIMEOUT_MS,
    });
    if (answer.statusCode >= 300) {
      await answer.body.dump();
      throw new Error(`the main answered the heartbeat with ${answer.statusCode}`);
    }
    const body: unknown = await answer.body.json().catch(() => null);
    const syncVersion =
      body && typeof body === 'object' && 'syncVersion' in body && typeof body.syncVersion === 'string'
        ? body.syncVersion
        : null;
    return { syncVersion };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
