import {
  type Actor,
  type Core,
  conflict,
  DomainError,
  forbidden,
  notFound,
  type Role,
  unauthenticated,
} from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import type { Dispatcher } from 'undici';
import { ZoneAgent } from './zone-agent';
import { signAssertion } from './zone-assertion';
import { ZoneFollower } from './zone-follower';
import { type ForwardedAnswer, type ForwardedRequest, forwardToZone, zoneDispatcher } from './zone-forwarder';
import { ZoneRegistry } from './zone-registry';
import { type StreamedAnswer, type StreamedRequest, streamFromZone } from './zone-stream';
import { type LegacyZoneView, toLegacyZoneView } from './zone-view';

export interface ZonesOptions {
  /** Where users reach this deployment (`PUBLIC_URL`): the main's URL in lists. */
  publicUrl?: string | undefined;
  /** How long an agent may go unheard before its silence alert opens (`ZONE_SILENT_AFTER_SECONDS`). */
  silentAfterMs?: number;
  /** On an agent: how long the main may be out of reach before it pages locally (`ZONE_MAIN_SILENT_AFTER_SECONDS`). */
  mainSilentAfterMs?: number;
  /** On an agent: how often it copies the main's rows even when no change is signaled (`ZONE_SYNC_SECONDS`). */
  syncEveryMs?: number;
  /** Extra CA bundle trusted for zone-to-zone TLS (`ZONE_CA_FILE`); verification is always on. */
  caFile?: string | undefined;
  /** This deployment's version, reported in an agent's heartbeats. */
  version?: string;
  /** Bound on a forwarded call; 15 s. */
  forwardTimeoutMs?: number;
}

export interface ZoneListQuery {
  name?: string | undefined;
}

/** The main's id in lists; requests naming it, or naming no zone, are served here. */
export const MAIN_ZONE_ID = 'main';
const DEFAULT_SILENT_AFTER_MS = 120_000;
const DEFAULT_MAIN_SILENT_AFTER_MS = 300_000;
const DEFAULT_SYNC_EVERY_MS = 300_000;

/**
 * Zones: the registry of agents on a main, the legacy zone picker and Clusters page over it,
 * forwarding of requests that name a zone (`X-Cluster`), and the agent's side (assertions in,
 * heartbeats out). One per process.
 */
export class Zones {
  readonly registry: ZoneRegistry;
  readonly agent: ZoneAgent;
  /** On an agent: the copy of the main's users, teams, endpoints and provider configs. */
  readonly follower: ZoneFollower;
  private readonly dispatcher: Dispatcher;

  /**
   * Over a core's database, secrets, clock and engine.
   *
   * @example const zones = Zones.of(core, { publicUrl: config.http.publicUrl });
   */
  static of(core: Core, options: ZonesOptions = {}): Zones {
    return new Zones(core, options);
  }

  private constructor(
    private readonly core: Core,
    private readonly options: ZonesOptions,
  ) {
    this.dispatcher = zoneDispatcher(options.caFile);
    this.registry = new ZoneRegistry({
      orm: core.orm,
      secretBox: core.secretBox,
      clock: core.clock,
      orchestrator: core.orchestrator,
      silentAfterMs: options.silentAfterMs ?? DEFAULT_SILENT_AFTER_MS,
    });
    this.follower = new ZoneFollower({
      orm: core.orm,
      cluster: core.cluster,
      secretBox: core.secretBox,
      clock: core.clock,
      dispatcher: this.dispatcher,
      syncEveryMs: options.syncEveryMs ?? DEFAULT_SYNC_EVERY_MS,
    });
    this.agent = new ZoneAgent({
      orm: core.orm,
      cluster: core.cluster,
      clock: core.clock,
      dispatcher: this.dispatcher,
      orchestrator: core.orchestrator,
      follower: this.follower,
      version: options.version ?? '0.0.0',
      mainSilentAfterMs: options.mainSilentAfterMs ?? DEFAULT_MAIN_SILENT_AFTER_MS,
    });
  }

  /** For every signed-in user: the zone picker, the main first. */
  async picker(_actor: Actor): Promise<LegacyZoneView[]> {
    return [this.main(), ...(await this.registry.all()).map(toLegacyZoneView)];
  }

  /** The Clusters page: owner and manager roles; `name` filters by partial, case-insensitive match. */
  async instances(actor: Actor, query: ZoneListQuery = {}): Promise<LegacyZoneView[]> {
    assertCanRead(actor);
    const name = query.name?.toLowerCase();
    return (await this.picker(actor)).filter((zone) => !name || zone.name.toLowerCase().includes(name));
  }

  async instance(actor: Actor, id: string): Promise<LegacyZoneView> {
    assertCanRead(actor);
    if (id === MAIN_ZONE_ID) return this.main();
    const zone = (await this.registry.all()).find((known) => known.id === id);
    if (!zone) throw notFound('Zone');
    return toLegacyZoneView(zone);
  }

  /** Whether the zone answers: the main is the deployment answering; an agent, when heard lately. */
  async connection(_actor: Actor, id: string): Promise<{ isConnected: boolean }> {
    if (id === MAIN_ZONE_ID) return { isConnected: true };
    const zone = (await this.registry.all()).find((known) => known.id === id);
    if (!zone) throw notFound('Zone');
    return { isConnected: this.registry.isConnected(zone) };
  }

  /** The legacy Clusters page's create: agents are registered where their token can be shown once. */
  legacyRegister(actor: Actor): never {
    assertCanRead(actor);
    throw conflict('Agent zones are registered with POST /api/v1/zones, which shows the zone token once.');
  }

  async legacyChange(actor: Actor, id: string): Promise<never> {
    assertCanRead(actor);
    await this.instance(actor, id);
    if (id === MAIN_ZONE_ID) {
      throw conflict(
        'The main zone is this deployment: its name is fixed and its URL is the configured PUBLIC_URL.',
      );
    }
    throw conflict('Agent zones are changed with PUT /api/v1/zones/{id}.');
  }

  async legacyRemove(actor: Actor, id: string): Promise<never> {
    assertCanRead(actor);
    await this.instance(actor, id);
    if (id === MAIN_ZONE_ID) throw conflict('The main zone is this deployment and cannot be deleted.');
    throw conflict('Agent zones are deleted with DELETE /api/v1/zones/{id}.');
  }

  /**
   * Serves a request naming a zone (`X-Cluster`): null when it is for this deployment (the main, or
   * no zone, as the legacy web UI sends for its own "Main" entry); the agent's answer when it names
   * a registered zone; 404 for any other zone, never a silent answer from the main under another
   * zone's name.
   */
  async forward(
    actor: Actor,
    named: string | undefined,
    forwarded: ForwardedRequest,
  ): Promise<ForwardedAnswer | null> {
    const target = await this.target(actor, named);
    if (!target) return null;
    return forwardToZone(
      target.route,
      forwarded,
      target.assertion,
      this.dispatcher,
      this.options.forwardTimeoutMs,
    );
  }

  /**
   * Opens a stream (the live feed) at the zone a request names, as `forward` does a call: null for
   * this deployment; the agent's answer, its body streaming, for a registered zone. The stream is
   * the agent's, with the caller's permissions there; it lasts until the agent ends it or `signal`
   * aborts.
   */
  async stream(
    actor: Actor,
    named: string | undefined,
    streamed: StreamedRequest,
    signal: AbortSignal,
  ): Promise<StreamedAnswer | null> {
    const target = await this.target(actor, named);
    if (!target) return null;
    return streamFromZone(
      target.route,
      streamed,
      target.assertion,
      this.dispatcher,
      signal,
      this.options.forwardTimeoutMs,
    );
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  /** The zone a request names and the assertion of its caller for it; null for this deployment. */
  private async target(actor: Actor, named: string | undefined) {
    const zoneId = named?.trim() ?? '';
    if (zoneId === '' || zoneId === MAIN_ZONE_ID) return null;
    const route = await this.registry.route(zoneId);
    if (!route) {
      throw new DomainError(
        'not_found',
        `The zone named in X-Cluster is not found: send no X-Cluster, "${MAIN_ZONE_ID}", or a registered zone's id.`,
      );
    }
    const caller = await this.caller(actor);
    const assertion = await signAssertion(caller, route.id, route.assertionKey, this.core.clock.now());
    return { route, assertion };
  }

  private async caller(actor: Actor) {
    const [user] = await queryRows<{ username: string; role: Role; is_system_admin: boolean }>(
      this.core.orm.em.fork(),
      'select username, role, is_system_admin from users where id = ?',
      [actor.userId],
    );
    if (!user) throw unauthenticated();
    return {
      userId: actor.userId,
      username: user.username,
      role: actor.role,
      isSystemAdmin: actor.isSystemAdmin,
    };
  }

  private main(): LegacyZoneView {
    return {
      id: MAIN_ZONE_ID,
      name: 'main',
      type: 'main',
      url: this.options.publicUrl ?? this.core.publicUrl ?? '',
    };
  }
}

function assertCanRead(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'manager') throw forbidden();
}
