import { type NormalizeOutcome, normalizePayload } from '../source/normalize-payload';
import type { NormalizedAlert } from '../source/normalized-alert';
import { normalizedAlertSchema } from '../source/normalized-alert-schema';
import type { AnyWebhookSourceDefinition } from '../source/source';

/**
 * A payload normalized as the host normalizes a webhook body (`normalizePayload`), for a plugin's
 * own tests. Stricter than the host: each alert is
 * checked against `normalizedAlertSchema`, and a malformed one throws, naming the field, because
 * it is a bug in the plugin rather than in the payload. So does an exception from `normalize`.
 *
 * @example
 * const outcome = normalizeFixture(grafana, firingBatch);
 * expect(outcome).toMatchObject({ ok: true, alerts: [{ name: 'HighCPU', status: 'firing' }] });
 */
export function normalizeFixture(plugin: AnyWebhookSourceDefinition, payload: unknown): NormalizeOutcome {
  const outcome = normalizePayload(plugin, payload);
  if (outcome.ok) outcome.alerts.forEach(checkWellFormed);
  return outcome;
}

function checkWellFormed(alert: NormalizedAlert, index: number): void {
  const checked = normalizedAlertSchema.safeParse(alert);
  if (checked.success) return;
  const problems = checked.error.issues.map(
    (issue) => `${issue.path.join('.') || '(alert)'}: ${issue.message}`,
  );
  throw new Error(`normalize returned a malformed alert at index ${index}: ${problems.join('; ')}`);
}
