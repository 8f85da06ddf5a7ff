import type { MikroORM } from '@mikro-orm/core';
import type { PluginRegistry, SecretBox } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import type { HeartbeatSchedule } from '@oncall/plugin-sdk';

/** A heartbeat rule as pings need it: its schedule hook and its stored settings. */
export interface HeartbeatRule {
  readonly id: string;
  readonly name: string;
  readonly settings: Readonly<Record<string, unknown>>;
  /**
   * The settings as the ping statement compares them with the stored ones (`jsonb` equality): a
   * ping computed from settings edited since is refused by the database, not stored.
   */
  readonly settingsJson: string;
  /** The keyed hash of the ping token it was found by; a rotated token no longer matches. */
  readonly tokenHash: string;
  readonly schedule: HeartbeatSchedule;
}

/** Tokens whose rule one process keeps at most: a few hundred bytes each. */
export const MAX_CACHED_PING_TOKENS = 50_000;

/**
 * Finds heartbeat rules: by ping token (its keyed hash, as ingestion does) or by id. Only rules of a
 * type whose source plugin has a `heartbeat` hook are heartbeat rules; any other answers null.
 *
 * A rule found by token is kept (least recently pinged forgotten first, at most
 * `MAX_CACHED_PING_TOKENS`) with no expiry: the ping statement itself checks the cached id, token
 * hash and settings against the stored rule, so an edited schedule, a rotated token or a deleted
 * rule is seen by the very next ping (`forget`, then a fresh read), and a ping costs no lookup.
 */
export class HeartbeatRules {
  private readonly byToken = new Map<string, HeartbeatRule>();

  constructor(
    private readonly deps: { orm: MikroORM; secretBox: SecretBox; plugins: PluginRegistry },
    private readonly maxCached = MAX_CACHED_PING_TOKENS,
  ) {}

  /** The rule whose ping URL carries this token, or null: the cached one if any (see the class). */
  async byPingToken(token: string): Promise<HeartbeatRule | null> {
    const cached = this.byToken.get(token);
    if (cached) {
      // Map order is insertion order: moving a hit to the end keeps the oldest first for eviction.
      this.byToken.delete(token);
      this.byToken.set(token, cached);
      return cached;
    }
    return this.freshByPingToken(token);
  }

  /** The rule whose ping URL carries this token, read from the database (and cached), or null. */
  async freshByPingToken(token: string): Promise<HeartbeatRule | null> {
    this.byToken.delete(token);
    const rule = await this.read('token_hash', this.deps.secretBox.lookupHash(token));
    if (!rule) return null;
    this.byToken.set(token, rule);
    if (this.byToken.size > this.maxCached) {
      const oldest = this.byToken.keys().next();
      if (!oldest.done) this.byToken.delete(oldest.value);
    }
    return rule;
  }

  /** The heartbeat rule with this id, or null (none, or not a heartbeat rule). */
  byId(id: string): Promise<HeartbeatRule | null> {
    return this.read('id', id);
  }

  /** Whether a rule type is a heartbeat type. */
  isHeartbeatType(type: string): boolean {
    return this.deps.plugins.sourceFor(type)?.heartbeat !== undefined;
  }

  private async read(column: 'token_hash' | 'id', value: string): Promise<HeartbeatRule | null> {
    const [row] = await queryRows<{
      id: string;
      name: string;
      type: string;
      settings: unknown;
      token_hash: string | null;
    }>(
      this.deps.orm.em.fork(),
      `select id, name, type, settings, token_hash from alert_rules where ${column} = ?`,
      [value],
    );
    const schedule = row ? this.deps.plugins.sourceFor(row.type)?.heartbeat : undefined;
    if (!row || !schedule) return null;
    const parsed: unknown = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    const settings = (parsed ?? {}) as Record<string, unknown>;
    return {
      id: row.id,
      name: row.name,
      settings,
      settingsJson: JSON.stringify(settings),
      tokenHash: row.token_hash ?? '',
      schedule,
    };
  }
}
