import { defaultFingerprint } from './fingerprint';
import type { NormalizedAlert } from './normalized-alert';
import type { AnyWebhookSourceDefinition } from './source';
import { presentText } from './text';

/**
 * Why a payload was refused: one entry per schema issue, with the dotted path inside the payload
 * (`alerts.0.status`, or `""` for the payload itself).
 *
 * @example { path: 'alerts.0.labels.alertname', message: 'Invalid input: expected string, received undefined' }
 */
export interface PayloadIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The result of {@link normalizePayload}: the alerts, or why the payload is not this source's.
 *
 * @example { ok: true, alerts: [{ name: 'HighCPU', status: 'firing', fingerprint: 'bc97ff14869b13e3', … }] }
 * @example { ok: false, issues: [{ path: 'alerts', message: 'Invalid input: expected array, received undefined' }] }
 */
export type NormalizeOutcome =
  | { readonly ok: true; readonly alerts: readonly NormalizedAlert[] }
  | { readonly ok: false; readonly issues: readonly PayloadIssue[] };

/**
 * What the host does with a webhook body (and the SDK's `normalizeFixture` with a test's): parse it with the plugin's schema, normalize it, and
 * give every alert its fingerprint, in this order of preference: the vendor's (set by `normalize`),
 * the plugin's `fingerprint` hook, the SDK's default (sha256 of name and sorted labels). A plugin
 * that throws from `normalize` has a bug; the error propagates so the sender retries and the
 * host logs it.
 *
 * @example
 * const outcome = normalizePayload(grafana, request.body);
 * if (!outcome.ok) return reply.code(422).send(outcome.issues);
 * for (const alert of outcome.alerts) await ingest(alert);
 */
export function normalizePayload(plugin: AnyWebhookSourceDefinition, payload: unknown): NormalizeOutcome {
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
  return { ok: true, alerts };
}
