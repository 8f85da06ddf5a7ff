import { describe, expect, it } from 'vitest';
import { defaultFingerprint, defineSource, normalizePayload, type SourceAlert, z } from '../src';

const alert = (fields: Partial<SourceAlert> = {}): SourceAlert => ({
  name: 'DiskFull',
  status: 'firing',
  labels: { host: 'db-1' },
  annotations: {},
  details: {},
  ...fields,
});

const source = (fingerprint?: (alert: SourceAlert) => string) =>
  defineSource({
    id: 'echo',
    displayName: 'Echo',
    dataSourceType: 'echo',
    capabilities: { webhook: true, resolves: true },
    payloadSchema: z.object({ alerts: z.array(z.object({ fingerprint: z.string().optional() })) }),
    normalize: (payload) => payload.alerts.map((entry) => alert({ fingerprint: entry.fingerprint })),
    fingerprint,
    fixtures: [],
  });

describe('normalizePayload', () => {
  it('reports schema issues with their dotted paths instead of normalizing', () => {
    expect(normalizePayload(source(), { alerts: [{ fingerprint: 4 }] })).toEqual({
      ok: false,
      issues: [{ path: 'alerts.0.fingerprint', message: expect.any(String) }],
    });
    expect(normalizePayload(source(), null)).toMatchObject({ ok: false, issues: [{ path: '' }] });
  });

  it("keeps the vendor's fingerprint", () => {
    const outcome = normalizePayload(
      source(() => 'hook'),
      { alerts: [{ fingerprint: 'vendor-1' }] },
    );
    expect(outcome).toMatchObject({ ok: true, alerts: [{ fingerprint: 'vendor-1' }] });
  });

  it("uses the plugin's hook when the vendor gives none, or only blanks", () => {
    const outcome = normalizePayload(
      source(() => 'hook'),
      { alerts: [{}, { fingerprint: ' ' }] },
    );
    expect(outcome).toMatchObject({ ok: true, alerts: [{ fingerprint: 'hook' }, { fingerprint: 'hook' }] });
  });

  it('falls back to the default fingerprint', () => {
    const outcome = normalizePayload(source(), { alerts: [{}] });
    expect(outcome).toMatchObject({ ok: true, alerts: [{ fingerprint: defaultFingerprint(alert()) }] });
  });

  it('lets a bug in normalize propagate', () => {
    const broken = defineSource({
      ...source(),
      normalize: () => {
        throw new TypeError('oops');
      },
    });
    expect(() => normalizePayload(broken, { alerts: [] })).toThrow('oops');
  });
});
