import type { MikroORM } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { autoResolveMinutesOf } from './auto-resolve-minutes';
import { isFiring } from './state-rank';

/** A firing instance of a rule that auto-resolves: what an engine's auto-resolve timer counts from. */
export interface ArmedInstance {
  readonly episodeId: string;
  readonly autoResolveMinutes: number;
  /** Epoch milliseconds of its last fire (`last_seen_at`). */
  readonly lastFiredAt: number;
}

/** Null when the instance is gone, not firing, or its rule no longer auto-resolves. */
export type ArmedInstanceReader = (ruleId: string, fingerprint: string) => Promise<ArmedInstance | null>;

interface InstanceRow {
  state: AlertState;
  episode_id: string;
  last_seen_at: Date | string;
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
      `select i.state, i.episode_id, i.last_seen_at, r.type, r.settings
         from alert_instances i join alert_rules r on r.id = i.rule_id
        where i.rule_id = ? and i.fingerprint = ?`,
      [ruleId, fingerprint],
    );
    if (row === undefined || !isFiring(row.state)) return null;
    const autoResolveMinutes = autoResolveMinutesOf(row.type, row.settings);
    if (autoResolveMinutes === null) return null;
    return {
      episodeId: row.episode_id,
      autoResolveMinutes,
      lastFiredAt: new Date(row.last_seen_at).getTime(),
    };
  };
}
