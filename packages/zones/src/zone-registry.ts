import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/core';
import {
  type Actor,
  applySignal,
  type Clock,
  conflict,
  forbidden,
  isId,
  newId,
  notFound,
  type Orchestrator,
  type SecretBox,
  unauthenticated,
  validationFailed,
} from '@oncall/core';
import { AlertRule, Endpoint, queryRows, runStatement, User } from '@oncall/core/persistence';
import { silenceSignal } from './silence-signal';
import { Zone } from './zone.entity';
import { resealSnapshot, type ZoneSnapshot } from './zone-snapshot';
import { readSnapshot } from './zone-snapshot-source';
import { zoneSyncBox } from './zone-sync-box';
import {
  assertionKeyOf,
  hashZoneToken,
  newZoneToken,
  tokenHintOf,
  zoneIdOf,
  zoneTokenMatches,
} from './zone-token';
import { toZoneStateView, type ZoneStateView, type ZoneWithToken } from './zone-view';

export interface ZoneRegistryDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  clock: Clock;
  orchestrator: Orchestrator;
  /** How long an agent may go unheard before its silence alert opens. */
  silentAfterMs: number;
}

export interface ZoneInput {
  name: string;
  url: string;
}

/** What an agent says in a heartbeat. */
export interface ZoneHeartbeat {
  version: string;
  /** When the agent sent it (its clock): the lag is how long it took to arrive. */
  sentAt: Date;
}

/** A registered zone a request can be forwarded to, with the key assertions to it are signed with. */
export interface ZoneRoute {
  id: string;
  name: string;
  url: string;
  assertionKey: Uint8Array;
}

/** Endpoints of the registering owner the silence rule pages at first (a rule takes a bounded number). */
const SILENCE_RULE_ENDPOINTS = 20;

/**
 * The agent zones registered on this main: owners register, rotate, revoke and delete them (each
 * with its own token, shown once and stored hashed); owners and managers list them with their
 * state; agents report with heartbeats; the silence pass opens and resolves their alerts.
 */
export class ZoneRegistry {
  constructor(private readonly deps: ZoneRegistryDeps) {}

  async list(actor: Actor): Promise<ZoneStateView[]> {
    assertCanRead(actor);
    const zones = await this.deps.orm.em.fork().find(Zone, {}, { orderBy: { name: 'asc' } });
    const now = this.deps.clock.now();
    return zones.map((zone) => toZoneStateView(zone, now, this.deps.silentAfterMs));
  }

  async get(actor: Actor, id: string): Promise<ZoneStateView> {
    assertCanRead(actor);
    return this.view(await this.find(this.deps.orm.em.fork(), id));
  }

  /** Registers an agent with a fresh token and a silence rule that pages the registering owner. */
  async register(actor: Actor, input: ZoneInput): Promise<ZoneWithToken> {
    assertOwner(actor);
    const em = this.deps.orm.em.fork();
    return em.transactional(async (tx) => {
      if (await tx.count(Zone, { name: input.name })) {
        throw validationFailed({ name: ['A zone with this name already exists.'] });
      }
      const id = newId();
      const token = newZoneToken(id);
      const now = this.deps.clock.now();
      const ruleName = `Zone "${input.name}" is silent`;
      if (await tx.count(AlertRule, { name: ruleName })) {
        throw validationFailed({ name: [`An alert rule named ${ruleName} already exists.`] });
      }
      const owner = tx.getReference(User, actor.userId);
      const rule = tx.create(AlertRule, {
        name: ruleName,
        description: `Fires when the agent zone "${input.name}" has not sent a heartbeat for ${Math.round(this.deps.silentAfterMs / 1000)} s; resolves when it does.`,
        type: 'api',
        owner,
        settings: {},
        showAcknowledgeBtn: true,
      });
      const endpoints = await tx.find(
        Endpoint,
        { owner: actor.userId },
        { limit: SILENCE_RULE_ENDPOINTS, orderBy: { createdAt: 'asc' } },
      );
      rule.endpoints.set(endpoints);
      const zone = tx.create(Zone, {
        id,
        name: input.name,
        url: input.url,
        ...this.tokenFields(token),
        silenceRule: rule,
        silent: false,
        createdAt: now,
        updatedAt: now,
      });
      await tx.flush();
      return { zone: this.view(zone), token };
    });
  }

  async rename(actor: Actor, id: string, input: ZoneInput): Promise<ZoneStateView> {
    assertOwner(actor);
    const em = this.deps.orm.em.fork();
    const zone = await this.find(em, id);
    if (input.name !== zone.name && (await em.count(Zone, { name: input.name }))) {
      throw validationFailed({ name: ['A zone with this name already exists.'] });
    }
    em.assign(zone, { name: input.name, url: input.url, updatedAt: this.deps.clock.now() });
    await em.flush();
    return this.view(zone);
  }

  /** A new token for the zone; the old one stops working at once. */
  async rotate(actor: Actor, id: string): Promise<ZoneWithToken> {
    assertOwner(actor);
    const em = this.deps.orm.em.fork();
    const zone = await this.find(em, id);
    const token = newZoneToken(zone.id);
    em.assign(zone, { ...this.tokenFields(token), updatedAt: this.deps.clock.now() });
    await em.flush();
    return { zone: this.view(zone), token };
  }

  /** The zone's token stops working (heartbeats and forwarding) until it is rotated. */
  async revoke(actor: Actor, id: string): Promise<ZoneStateView> {
    assertOwner(actor);
    const em = this.deps.orm.em.fork();
    const zone = await this.find(em, id);
    em.assign(zone, {
      tokenHash: null,
      tokenHint: null,
      sealedSigningKey: null,
      updatedAt: this.deps.clock.now(),
    });
    await em.flush();
    return this.view(zone);
  }

  /** Forgets the zone; its silence alert, if open, resolves; its rule stays, a rule like any other. */
  async remove(actor: Actor, id: string): Promise<ZoneStateView> {
    assertOwner(actor);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const zone = await this.find(tx, id);
      const view = this.view(zone);
      const ruleId = zone.silenceRule?.id;
      if (zone.silent && ruleId) {
        await applySignal(
          tx,
          this.signalDeps(),
          ruleId,
          silenceSignal('resolve', zone, `The zone "${zone.name}" was deleted.`),
        );
      }
      await tx.remove(zone).flush();
      return view;
    });
  }

  /**
   * An agent's heartbeat, by its token (nothing else accepts it): records when it was heard, its
   * version and lag, and resolves its silence alert if open.
   */
  async heartbeat(
    token: string,
    beat: ZoneHeartbeat,
  ): Promise<{ zoneId: string; heardAt: string; syncVersion: string }> {
    const id = zoneIdOf(token);
    if (!id) throw unauthenticated();
    const now = this.deps.clock.now();
    return this.deps.orm.em
      .fork()
      .transactional(async (tx) => {
        const zone = await tx.findOne(Zone, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!zone?.tokenHash || !zoneTokenMatches(token, zone.tokenHash)) throw unauthenticated();
        const wasSilent = zone.silent;
        tx.assign(zone, {
          lastHeardAt: now,
          version: beat.version.slice(0, 64),
          lagMs: Math.max(0, now.getTime() - beat.sentAt.getTime()),
          silent: false,
          updatedAt: now,
        });
        await tx.flush();
        const ruleId = zone.silenceRule?.id;
        if (wasSilent && ruleId) {
          await applySignal(
            tx,
            this.signalDeps(),
            ruleId,
            silenceSignal('resolve', zone, `Heard from "${zone.name}" again.`),
          );
        }
        return { zoneId: zone.id, heardAt: now.toISOString() };
      })
      .then(async (heard) => ({
        ...heard,
        // The agent syncs again when this differs from the copy it holds: how the main signals a change.
        syncVersion: (await readSnapshot(this.deps.orm.em)).version,
      }));
  }

  /**
   * What the agent with this token copies (nothing else accepts the token): the main's users, teams,
   * endpoints and provider configs, every secret sealed under the zone's sync box, which only that
   * zone's token opens.
   */
  async snapshot(token: string): Promise<ZoneSnapshot> {
    const id = zoneIdOf(token);
    if (!id) throw unauthenticated();
    const zone = await this.deps.orm.em.fork().findOne(Zone, { id });
    if (!zone?.tokenHash || !zone.sealedSigningKey || !zoneTokenMatches(token, zone.tokenHash)) {
      throw unauthenticated();
    }
    const box = zoneSyncBox(this.assertionKeyOf(zone.sealedSigningKey));
    const own = this.deps.secretBox;
    return resealSnapshot(await readSnapshot(this.deps.orm.em), {
      sealed: (text) => box.encrypt(own.decrypt(text)),
      password: (text) => box.encrypt(text),
    });
  }

  /**
   * One silence pass: opens the alert of every live zone unheard for longer than the bound (rows
   * claimed with `skip locked`, so replicas split them). Answers how many it opened.
   */
  async runSilent(): Promise<number> {
    const now = this.deps.clock.now();
    const before = new Date(now.getTime() - this.deps.silentAfterMs);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const rows = await queryRows<{
        id: string;
        name: string;
        silence_rule_id: string | null;
        last_heard_at: Date | null;
      }>(
        tx,
        `select id, name, silence_rule_id, last_heard_at from zones
          where not silent and token_hash is not null and coalesce(last_heard_at, created_at) < ?
          order by id limit 50 for update skip locked`,
        [before],
      );
      for (const row of rows) {
        await runStatement(tx, 'update zones set silent = true, updated_at = ? where id = ?', [now, row.id]);
        if (!row.silence_rule_id) continue;
        const since = row.last_heard_at
          ? `since ${new Date(row.last_heard_at).toISOString()}`
          : 'since it was registered';
        await applySignal(
          tx,
          this.signalDeps(),
          row.silence_rule_id,
          silenceSignal('fire', row, `No heartbeat from the agent zone "${row.name}" ${since}.`),
        );
      }
      return rows.length;
    });
  }

  /** Every registered zone, for the legacy zone picker (anyone signed in). */
  async all(): Promise<Zone[]> {
    return this.deps.orm.em.fork().find(Zone, {}, { orderBy: { name: 'asc' } });
  }

  /** The zone a request names, to forward to; null when none is registered under that id. */
  async route(id: string): Promise<ZoneRoute | null> {
    if (!isId(id)) return null;
    const zone = await this.deps.orm.em.fork().findOne(Zone, { id });
    if (!zone) return null;
    if (!zone.sealedSigningKey) {
      throw conflict(`The zone "${zone.name}" has its token revoked: rotate it to reach the zone again.`);
    }
    return {
      id: zone.id,
      name: zone.name,
      url: zone.url,
      assertionKey: this.assertionKeyOf(zone.sealedSigningKey),
    };
  }

  /** Whether the zone was heard from within the bound. */
  isConnected(zone: Zone): boolean {
    return toZoneStateView(zone, this.deps.clock.now(), this.deps.silentAfterMs).connected;
  }

  private assertionKeyOf(sealedSigningKey: string): Uint8Array {
    return new Uint8Array(Buffer.from(this.deps.secretBox.decrypt(sealedSigningKey), 'base64'));
  }

  private tokenFields(token: string) {
    return {
      tokenHash: hashZoneToken(token),
      tokenHint: tokenHintOf(token),
      sealedSigningKey: this.deps.secretBox.encrypt(Buffer.from(assertionKeyOf(token)).toString('base64')),
    };
  }

  private signalDeps() {
    return { orchestrator: this.deps.orchestrator, clock: this.deps.clock };
  }

  private async find(em: EntityManager, id: string): Promise<Zone> {
    const zone = isId(id) ? await em.findOne(Zone, { id }) : null;
    if (!zone) throw notFound('Zone');
    return zone;
  }

  private view(zone: Zone): ZoneStateView {
    return toZoneStateView(zone, this.deps.clock.now(), this.deps.silentAfterMs);
  }
}

/** Zones act on the whole instance: owners and managers read them. */
function assertCanRead(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'manager') throw forbidden();
}

/** Registering, rotating, revoking and deleting a zone hands out or takes back access: owners only. */
function assertOwner(actor: Actor): void {
  if (actor.role !== 'owner') throw forbidden('Only owners register and manage zones.');
}
