import type { EntityManager } from '@mikro-orm/core';
import { type AlertState, newId } from '../entities/index';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { armAutoResolve } from './signal-auto-resolve';
import { NO_AUTO_RESOLVE, type SignalDeps, type SignalRule } from './signal-deps';
import { openNewInstance, reopen } from './signal-opening';
import { notifyAll } from './signal-paging';
import { insertEvent, recordEvent } from './signal-recording';
import { isFiring, stateRank } from './state-rank';
import { stopEpisodeEscalations } from './stop-episode-escalations';

interface LockedInstance {
  id: string;
  state: AlertState;
  episode_id: string;
  acknowledged_at: Date | string | null;
  expires_at: Date | string | null;
}

/**
 * Applies one signal to one instance of a rule inside the caller's transaction: the instance row is
 * locked (or created), the change becomes a history event, the rule's state follows, and the pages
 * it causes are queued in the same transaction. Concurrent signals for one instance serialise on
 * its row, so exactly one of them opens an episode and pages; the others see it firing. Every fire
 * of a rule that auto-resolves arms (or moves) the instance's timer in the same transaction.
 */
export async function applySignal(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
  rule: SignalRule = NO_AUTO_RESOLVE,
): Promise<SignalOutcome> {
  if (signal.state === 'triggered') return trigger(tx, deps, ruleId, signal);
  const now = deps.clock.now();
  // A fire tries to create its instance first: a new instance then costs one statement, not a look
  // and an insert. A conflict waits for the existing row, which the lock below then reads.
  if (isFiring(signal.state)) {
    const opened = await openNewInstance(tx, deps, ruleId, signal, rule, now);
    if (opened) return opened;
  }
  const current = await lockInstance(tx, ruleId, signal.fingerprint);
  if (!current) return { type: 'unknownInstance' };

  if (!isFiring(signal.state)) {
    if (!isFiring(current.state)) return { type: 'alreadyResolved' };
    await runStatement(
      tx,
      `update alert_instances set state = 'resolved', resolved_at = ?, last_seen_at = ?,
              description = coalesce(?, description)
        where id = ?`,
      [now, now, signal.description ?? null, current.id],
    );
    const eventId = await recordEvent(tx, deps.clock.now(), ruleId, current.id, current.episode_id, signal, {
      worsened: false,
    });
    await notifyAll(tx, deps, ruleId, eventId, signal);
    await stopEpisodeEscalations(tx, deps.orchestrator, [current.episode_id], 'resolved');
    return { type: 'resolved', eventId };
  }

  if (!isFiring(current.state)) return reopen(tx, deps, ruleId, signal, rule, current.id, now);

  if (current.state === signal.state) {
    await runStatement(
      tx,
      'update alert_instances set last_seen_at = ?, expires_at = ?, description = coalesce(?, description) where id = ?',
      [now, signal.expiresAt ?? null, signal.description ?? null, current.id],
    );
    await armAutoResolve(tx, deps, ruleId, rule, signal, {
      episodeId: current.episode_id,
      opened: startsExpiring(current, signal),
      firedAt: now,
    });
    return { type: 'repeated' };
  }

  await runStatement(
    tx,
    'update alert_instances set state = ?, last_seen_at = ?, expires_at = ? where id = ?',
    [signal.state, now, signal.expiresAt ?? null, current.id],
  );
  await armAutoResolve(tx, deps, ruleId, rule, signal, {
    episodeId: current.episode_id,
    opened: startsExpiring(current, signal),
    firedAt: now,
  });
  const eventId = await recordEvent(tx, deps.clock.now(), ruleId, current.id, current.episode_id, signal, {
    worsened: stateRank(signal.state) > stateRank(current.state),
  });
  // Getting worse pages again unless someone already acknowledged the episode; getting better does not.
  if (stateRank(signal.state) > stateRank(current.state) && !current.acknowledged_at) {
    await notifyAll(tx, deps, ruleId, eventId, signal);
  }
  return { type: 'changed', eventId };
}

/**
 * Whether a fire gives a firing instance an expiry it did not have (an alert Alertmanager relayed,
 * now posted by Prometheus directly): its timer must start then, as for an opening, since a driver
 * that reads the instance when its timer runs out has none running for the episode.
 */
function startsExpiring(current: LockedInstance, signal: AlertSignal): boolean {
  return current.expires_at === null && Boolean(signal.expiresAt);
}

/** Notification rules keep no instances: every triggered event is its own page. */
async function trigger(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  signal: AlertSignal,
): Promise<SignalOutcome> {
  await runStatement(
    tx,
    "update alert_rules set state = 'triggered', updated_at = now() where id = ? and state <> 'triggered'",
    [ruleId],
  );
  const eventId = newId();
  await insertEvent(tx, eventId, ruleId, null, null, signal, 'triggered', deps.clock.now());
  await notifyAll(tx, deps, ruleId, eventId, signal);
  return { type: 'triggered', eventId };
}

async function lockInstance(
  tx: EntityManager,
  ruleId: string,
  fingerprint: string,
): Promise<LockedInstance | null> {
  const [row] = await queryRows<LockedInstance>(
    tx,
    `select id, state, episode_id, acknowledged_at, expires_at from alert_instances
      where rule_id = ? and fingerprint = ? for update`,
    [ruleId, fingerprint],
  );
  return row ?? null;
}
