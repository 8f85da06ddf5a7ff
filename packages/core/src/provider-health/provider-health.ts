import type { AlertSignal } from '../alert-lifecycle/alert-signal';

/**
 * When a provider config counts as failing: its latest `attempts` delivery attempts or more failed
 * (nothing delivered in between) and they span at least `afterMs`, so one bad page (a few retries
 * within a minute) does not page the admins, a provider that stays down as pages keep coming does.
 * Measured between the attempts' own times, as the delivery log stored them, not against a clock.
 */
export interface ProviderFailingThreshold {
  readonly attempts: number;
  readonly afterMs: number;
}

export const DEFAULT_PROVIDER_FAILING: ProviderFailingThreshold = { attempts: 5, afterMs: 5 * 60_000 };

/** The attempts read back per config at most: more than any threshold may ask for. */
export const MAX_PROVIDER_FAILING_ATTEMPTS = 1_000;

/** What the delivery log says of one provider config: its failed attempts since it last delivered. */
export interface ProviderConfigRun {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  /** Failed attempts after its last delivered one (all of them if it never delivered); 0: healthy. */
  readonly failed: number;
  /** The first and the last of those failed attempts; null when none failed. */
  readonly since: Date | null;
  readonly last: Date | null;
  readonly lastError: string | null;
}

const ALERTNAME = 'Provider config failing';

/** The alert instance of one provider config on the provider-health rule. */
export function providerHealthFingerprint(providerConfigId: string): string {
  return `provider_config:${providerConfigId}`;
}

/**
 * What one pass changes about one provider config's alert: it fires (once: a config already
 * firing is left alone) when the config's failed run reaches the threshold, and resolves on the
 * config's first delivered attempt. Null: nothing to do.
 */
export function planProviderHealth(
  run: ProviderConfigRun,
  firing: boolean,
  threshold: ProviderFailingThreshold,
): AlertSignal | null {
  if (run.failed === 0 || run.since === null || run.last === null)
    return firing ? providerHealthResolved(run.id, 'it delivered again') : null;
  if (firing) return null;
  const failingForMs = run.last.getTime() - run.since.getTime();
  if (run.failed < threshold.attempts || failingForMs < threshold.afterMs) return null;
  const minutes = Math.round(failingForMs / 60_000);
  const what = `The ${run.kind} provider config "${run.name}"`;
  return {
    fingerprint: providerHealthFingerprint(run.id),
    alertname: ALERTNAME,
    instance: `${run.kind}: ${run.name}`,
    state: 'critical',
    kind: 'fired',
    summary: `${what} has failed its last ${run.failed} delivery attempts`,
    description:
      `${what} has failed ${run.failed} delivery attempts in a row over ${minutes} min, on every rule it delivers for: ${run.lastError ?? 'no error text'}`.slice(
        0,
        2000,
      ),
    labels: { oncall_condition: 'provider_failing', provider_kind: run.kind },
    details: { providerConfigId: run.id, failedAttempts: run.failed, failingSince: run.since.toISOString() },
  };
}

/** Resolves the alert of a provider config that delivered again or no longer exists. */
export function providerHealthResolved(providerConfigId: string, why: string): AlertSignal {
  return {
    fingerprint: providerHealthFingerprint(providerConfigId),
    alertname: ALERTNAME,
    instance: providerConfigId,
    state: 'resolved',
    kind: 'resolved',
    description: `Resolved: ${why}`,
  };
}
