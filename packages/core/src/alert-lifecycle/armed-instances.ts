import type { MikroORM } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { autoResolveMinutesOf } from './auto-resolve-minutes';
import { isFiring } from './state-rank';

/** A firing instance of a rule that auto-resolves: what an engine's auto-resolve timer counts from. */
export interface ArmedInstance {
  readonly episodeId: string;
  readonly autoResolveMinutes: number;
  /** Epoch milliseconds of its last fire (`last_seen_at`), or of its expiry with zero minutes. */
  readonly lastFiredAt: number;
}

/**
 * Null when the instance is gone, not firing, or neither expires nor belongs to a rule that
 * auto-resolves. An expiring instance reads as zero minutes from its expiry (`lastFiredAt`).
 */
export type ArmedInstanceReader = (ruleId: string, fingerprint: string) => Promise<ArmedInstance | null>;

interface InstanceRow {
  state: AlertState;
  episode_id: string;
  last_seen_at: Date | string;
  expires_at: Date | string | null;
  type: string;
  settings: Record<string, unknown> | null;
}

/**
 * Reads an instance and its rule's auto-resolve settings, fresh each time a timer runs out: the
 * rule may have turned auto-resolve off or changed its minutes since the timer was armed. The
 * embedded engine's timers keep no state of their own and read this instead.
 *
 * @example
 * const autoResolve = { instances, readInstance: armedInstanceReader(db.orm) };
 * const engine = createEmbeddedEngine({ db, ...adapters, autoResolve });
 */
export function armedInstanceReader(orm: MikroORM): ArmedInstanceReader {
  return async (ruleId, fingerprint) => {
    const [row] = await queryRows<InstanceRow>(
      orm.em.fork(),
      `select i.state, i.episode_id, i.last_seen_at, i.expires_at, r.type, r.settings
         from alert_instances i join alert_rules r on r.id = i.rule_id
        where i.rule_id = ? and i.fingerprint = ?`,
      [ruleId, fingerprint],
    );
    if (row === undefined || !isFiring(row.state)) return null;
    // An instance that expires is timed as a zero-minute timer from its expiry, as it was armed.
    if (row.expires_at !== null) {
      return {
        episodeId: row.episode_id,
        autoResolveMinutes: 0,
        lastFiredAt: new Date(row.expires_at).getTime(),
      };
    }
    const autoResolveMinutes = autoResolveMinutesOf(row.type, row.settings);
    if (autoResolveMinutes === null) return null;
    return {
      episodeId: row.episode_id,
      autoResolveMinutes,
      lastFiredAt: new Date(row.last_seen_at).getTime(),
    };
  };
}
