import type { MikroORM } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { applySignal } from './apply-signal';
import { autoResolveMinutesOf } from './auto-resolve-minutes';
import type { SignalDeps } from './signal-deps';
import { isFiring } from './state-rank';

/** What an engine's auto-resolve timer asks for when it runs out (the engine's `InstanceResolver`). */
export interface AutoResolveRequest {
  ruleId: string;
  /** The instance's fingerprint, as `Orchestrator.armAutoResolve` was given it. */
  instance: string;
  description: string;
  /** Epoch milliseconds of the fire the timer counted from. */
  lastFiredAt: number;
}

export interface AutoResolverDeps extends SignalDeps {
  orm: MikroORM;
}

interface LockedInstance {
  alertname: string | null;
  instance: string;
  state: AlertState;
  last_seen_at: Date | string;
  expires_at: Date | string | null;
  type: string;
  settings: Record<string, unknown> | null;
}

/**
 * Resolves an instance whose auto-resolve timer ran out, through the same lifecycle as a resolve
 * from the API: an `auto_resolved` history event, the rule's state, resolve notifications to the
 * rule's endpoints, stopped escalations. The engine's timers are at-least-once and may be stale, so
 * the instance is checked under its row lock: one that is no longer firing, fired after the timer's
 * `lastFiredAt`, or whose rule turned auto-resolve off is left alone. An instance with an expiry
 * (`expires_at`, from an alert's `endsAt`) is timed from it instead: `lastFiredAt` is the expiry the
 * timer waited for, and one moved later since is left alone.
 *
 * @example
 * const resolver = new AutoResolver({ orm, orchestrator, clock });
 * await resolver.resolve({ ruleId, instance: fingerprint, description: 'Alert resolved automatically', lastFiredAt });
 */
export class AutoResolver {
  constructor(private readonly deps: AutoResolverDeps) {}

  resolve(request: AutoResolveRequest): Promise<void> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const [row] = await queryRows<LockedInstance>(
        tx,
        `select i.alertname, i.instance, i.state, i.last_seen_at, i.expires_at, r.type, r.settings
           from alert_instances i join alert_rules r on r.id = i.rule_id
          where i.rule_id = ? and i.fingerprint = ?
          for update of i`,
        [request.ruleId, request.instance],
      );
      if (!row || !isFiring(row.state)) return;
      if (row.expires_at !== null) {
        // Armed from the expiry (see `armedInstanceReader`): a fire since moved it later.
        if (new Date(row.expires_at).getTime() > request.lastFiredAt) return;
      } else {
        if (autoResolveMinutesOf(row.type, row.settings) === null) return;
        if (new Date(row.last_seen_at).getTime() > request.lastFiredAt) return;
      }
      await applySignal(tx, this.deps, request.ruleId, {
        fingerprint: request.instance,
        alertname: row.alertname,
        instance: row.instance,
        state: 'resolved',
        kind: 'auto_resolved',
        description: request.description,
      });
    });
  }
}
