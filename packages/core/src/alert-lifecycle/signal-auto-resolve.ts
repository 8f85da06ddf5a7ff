import type { EntityManager } from '@mikro-orm/core';
import type { AlertSignal } from './alert-signal';
import type { SignalDeps, SignalRule } from './signal-deps';

/**
 * `firedAt` is the `last_seen_at` just written: the engine's resolve compares against it. A signal
 * that expires is armed as a timer of zero minutes counted from its expiry (the `expires_at` just
 * written), so the engine's durable timers, which count `autoResolveMinutes` from a time, wait
 * exactly until it; the instance's expiry then wins over its rule's minutes.
 */
export async function armAutoResolve(
  tx: EntityManager,
  deps: SignalDeps,
  ruleId: string,
  rule: SignalRule,
  signal: AlertSignal,
  fire: { episodeId: string; opened: boolean; firedAt: Date },
): Promise<void> {
  if (signal.expiresAt) {
    await deps.orchestrator.armAutoResolve(tx, {
      ruleId,
      fingerprint: signal.fingerprint,
      ...fire,
      autoResolveMinutes: 0,
      firedAt: signal.expiresAt,
    });
    return;
  }
  if (rule.autoResolveMinutes === null) return;
  await deps.orchestrator.armAutoResolve(tx, {
    ruleId,
    fingerprint: signal.fingerprint,
    autoResolveMinutes: rule.autoResolveMinutes,
    ...fire,
  });
}
