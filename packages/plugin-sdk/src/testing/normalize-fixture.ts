import { defaultFingerprint } from '../source/fingerprint';
import type { NormalizedAlert } from '../source/normalized-alert';
import { normalizedAlertSchema } from '../source/normalized-alert-schema';
import type { AnyWebhookSourceDefinition } from '../source/source';
import { presentText } from '../source/text';

/**
 * Why a payload was refused: one entry per schema issue, with the dotted path inside the payload
 * (`alerts.0.status`, or `""` for the payload itself).
 *
 * @example { path: 'alerts.0.labels.alertname', message: 'Invalid input: expected string, received undefined' }
 */
export interface FixtureIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * What {@link normalizeFixture} made of a payload: the alerts the host would ingest, or why the host
 * would refuse the payload (with a 422).
 *
 * @example { ok: true, alerts: [{ name: 'HighCPU', status: 'firing', fingerprint: 'bc97ff14869b13e3', … }] }
 * @example { ok: false, issues: [{ path: 'alerts', message: 'Invalid input: expected array, received undefined' }] }
 */
export type FixtureOutcome =
  | { readonly ok: true; readonly alerts: readonly NormalizedAlert[] }
  | { readonly ok: false; readonly issues: readonly FixtureIssue[] };

/**
 * A payload normalized the way the host normalizes a webhook body, for a plugin's own tests: parsed
 * with `payloadSchema`, normalized, and every alert given its fingerprint (the vendor's, else the
 * plugin's `fingerprint` hook, else `defaultFingerprint`). Stricter than the host: each alert is
 * checked against `normalizedAlertSchema`, and a malformed one throws, naming the field, because
 * it is a bug in the plugin rather than in the payload. So does an exception from `normalize`.
 *
 * @example
 * const outcome = normalizeFixture(grafana, firingBatch);
 * expect(outcome).toMatchObject({ ok: true, alerts: [{ name: 'HighCPU', status: 'firing' }] });
 */
export function normalizeFixture(plugin: AnyWebhookSourceDefinition, payload: unknown): FixtureOutcome {
  const parsed = plugin.payloadSchema.safeParse(payload);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    };
  }
  const alerts = plugin.normalize(parsed.data).map((alert) => ({
    ...alert,
    fingerprint: presentText(alert.fingerprint) ?? plugin.fingerprint?.(alert) ?? defaultFingerprint(alert),
  }));
  alerts.forEach(checkWellFormed);
  return { ok: true, alerts };
}

function checkWellFormed(alert: NormalizedAlert, index: number): void {
  const checked = normalizedAlertSchema.safeParse(alert);
  if (checked.success) return;
  const problems = checked.error.issues.map(
    (issue) => `${issue.path.join('.') || '(alert)'}: ${issue.message}`,
  );
  throw new Error(`normalize returned a malformed alert at index ${index}: ${problems.join('; ')}`);
}
