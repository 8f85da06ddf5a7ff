import type { MikroORM } from '@mikro-orm/core';
import { createLoadingCache, type Load, type PluginRegistry, queryRows, type SecretBox } from '@oncall/core';
import type { HeartbeatSchedule } from '@oncall/plugin-sdk';

/** A heartbeat rule as pings need it: its schedule hook and its stored settings. */
export interface HeartbeatRule {
  readonly id: string;
  readonly name: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly schedule: HeartbeatSchedule;
}

/** How long a token's rule is reused: an edited schedule or a deleted rule counts within this. */
const RULE_BY_TOKEN_TTL_MS = 1_000;

/**
 * Finds heartbeat rules: by ping token (its keyed hash, as ingestion does; a found rule is kept a
 * second so a busy ping URL costs no lookup) or by id. Only rules of a type whose source plugin
 * has a `heartbeat` hook are heartbeat rules; any other answers null.
 */
export class HeartbeatRules {
  private readonly byToken: Load<HeartbeatRule>;

  constructor(private readonly deps: { orm: MikroORM; secretBox: SecretBox; plugins: PluginRegistry }) {
    this.byToken = createLoadingCache({
      load: (token) => this.read('token_hash', this.deps.secretBox.lookupHash(token)),
      ttlMs: RULE_BY_TOKEN_TTL_MS,
      now: () => performance.now(),
    });
  }

  /** The rule whose ping URL carries this token, or null. */
  byPingToken(token: string): Promise<HeartbeatRule | null> {
    return this.byToken(token);
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
    const [row] = await queryRows<{ id: string; name: string; type: string; settings: unknown }>(
      this.deps.orm.em.fork(),
      `select id, name, type, settings from alert_rules where ${column} = ?`,
      [value],
    );
    const schedule = row ? this.deps.plugins.sourceFor(row.type)?.heartbeat : undefined;
    if (!row || !schedule) return null;
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    return { id: row.id, name: row.name, settings: (settings ?? {}) as Record<string, unknown>, schedule };
  }
}
