import { describe, expect, it } from 'vitest';
import type { NormalizedAlert } from '../source/normalized-alert';
import { normalizedAlertSchema } from '../source/normalized-alert-schema';
import {
  type AnySourceDefinition,
  type AnyWebhookSourceDefinition,
  type SourceFixture,
  takesWebhooks,
} from '../source/source';
import { checkSourceDefinition } from '../source/source-definition-shape';
import { normalizeFixture } from './normalize-fixture';

/**
 * Bodies that are no source's payload. Each must be refused by `payloadSchema` or normalize to no
 * alerts; none may make the plugin throw.
 *
 * @example
 * for (const body of MALFORMED_PAYLOADS) {
 *   expect(normalizeFixture(plugin, body)).not.toMatchObject({ ok: true, alerts: [expect.anything()] });
 * }
 */
export const MALFORMED_PAYLOADS: readonly unknown[] = [
  null,
  undefined,
  [],
  42,
  'alert',
  true,
  {},
  { alerts: null },
];

/**
 * The behaviour every source plugin promises the host, as vitest cases over the plugin's own
 * fixtures. Call it at the top level of a test file. A source without webhooks has no payload to
 * normalize: the kit checks its definition only.
 *
 * @example
 * import grafana from '../src';
 * runSourceContractTests(grafana);
 */
export function runSourceContractTests(plugin: AnySourceDefinition): void {
  describe(`source contract: ${plugin.id}`, () => {
    it('is a valid source definition', () => {
      expect(checkSourceDefinition(plugin)).toMatchObject({ ok: true });
    });

    if (takesWebhooks(plugin)) webhookContract(plugin);
  });
}

/** What a source that takes webhooks promises of its payloads, over its fixtures. */
function webhookContract(plugin: AnyWebhookSourceDefinition): void {
  it('ships fixtures', () => {
    expect(plugin.fixtures.length).toBeGreaterThan(0);
    const names = plugin.fixtures.map((fixture) => fixture.name);
    expect(new Set(names).size).toBe(names.length);
  });

  describe.each(plugin.fixtures.map((fixture) => [fixture.name, fixture] as const))(
    'fixture "%s"',
    (_name, fixture) => {
      it('is accepted by the payload schema', () => {
        const parsed = plugin.payloadSchema.safeParse(fixture.payload);
        expect(parsed.error?.issues ?? []).toEqual([]);
      });

      it('normalizes to alerts of the expected statuses, each well-formed', () => {
        const alerts = normalized(plugin, fixture);
        expect(alerts.map((alert) => alert.status)).toEqual(fixture.expectedStatuses);
        for (const alert of alerts) {
          expect(normalizedAlertSchema.safeParse(alert).error?.issues ?? []).toEqual([]);
        }
      });

      it('normalizes the same way every time, without changing the payload', () => {
        const payload = structuredClone(fixture.payload);
        const first = normalizeFixture(plugin, payload);
        expect(payload).toEqual(fixture.payload);
        expect(normalizeFixture(plugin, payload)).toEqual(first);
      });

      it('gives distinct alerts of the batch distinct fingerprints', () => {
        const fingerprints = normalized(plugin, fixture).map((alert) => alert.fingerprint);
        expect(new Set(fingerprints).size).toBe(fingerprints.length);
      });

      const field = plugin.batchField;
      // The host refuses one item of a batch alone by taking it out of the list: each item must
      // then stand for exactly its own alerts.
      if (field !== undefined) {
        it(`lists its alerts in \`${field}\`, each item normalized alone to its own alerts`, () => {
          const payload = fixture.payload as Record<string, unknown>;
          const items = payload[field];
          expect(Array.isArray(items)).toBe(true);
          const apart = (items as unknown[]).flatMap((item) =>
            normalized(plugin, { ...fixture, payload: { ...payload, [field]: [item] } }),
          );
          expect(apart).toEqual(normalized(plugin, fixture));
        });
      }
    },
  );

  if (plugin.capabilities.resolves) {
    it('has a fixture whose resolve closes an alert another fixture fires', () => {
      const alerts = plugin.fixtures.flatMap((fixture) => normalized(plugin, fixture));
      const firing = new Set(alerts.filter((a) => a.status === 'firing').map((a) => a.fingerprint));
      const resolved = alerts.filter((alert) => alert.status === 'resolved');
      expect(resolved.length, 'no fixture yields a resolved alert').toBeGreaterThan(0);
      expect(resolved.some((alert) => firing.has(alert.fingerprint))).toBe(true);
    });
  } else {
    it('never reports a resolve, as its capabilities say', () => {
      const statuses = plugin.fixtures.flatMap((fixture) => fixture.expectedStatuses);
      expect(statuses).not.toContain('resolved');
    });
  }

  it.each(MALFORMED_PAYLOADS.map((payload) => [JSON.stringify(payload) ?? 'undefined', payload] as const))(
    'refuses %s or finds no alert in it, without throwing',
    (_label, payload) => {
      const outcome = normalizeFixture(plugin, payload);
      if (outcome.ok) expect(outcome.alerts).toEqual([]);
      else expect(outcome.issues.length).toBeGreaterThan(0);
    },
  );
}

function normalized(plugin: AnyWebhookSourceDefinition, fixture: SourceFixture): readonly NormalizedAlert[] {
  const outcome = normalizeFixture(plugin, structuredClone(fixture.payload));
  if (!outcome.ok) {
    const reasons = outcome.issues.map((issue) => `${issue.path || '(payload)'}: ${issue.message}`);
    throw new Error(`fixture "${fixture.name}" was refused: ${reasons.join('; ')}`);
  }
  return outcome.alerts;
}
