import { describe, expect, it } from 'vitest';
import { defaultFingerprint, defineSource, type SourceAlert, z } from '../../src';
import { normalizeFixture } from '../../src/testing';

const alert = (fields: Partial<SourceAlert> = {}): SourceAlert => ({
  name: 'DiskFull',
  status: 'firing',
  labels: { host: 'db-1' },
  annotations: {},
  details: {},
  ...fields,
});

const source = (made: (fingerprint?: string) => SourceAlert, fingerprint?: (alert: SourceAlert) => string) =>
  defineSource({
    id: 'echo',
    displayName: 'Echo',
    dataSourceType: 'echo',
    capabilities: { webhook: true, resolves: true },
    payloadSchema: z.object({ alerts: z.array(z.object({ fingerprint: z.string().optional() })) }),
    normalize: (payload) => payload.alerts.map((entry) => made(entry.fingerprint)),
    fingerprint,
    fixtures: [],
  });

const echo = source((fingerprint) => alert({ fingerprint }));

describe('normalizeFixture', () => {
  it('reports schema issues with their dotted paths instead of normalizing', () => {
    expect(normalizeFixture(echo, { alerts: [{ fingerprint: 4 }] })).toEqual({
      ok: false,
      issues: [{ path: 'alerts.0.fingerprint', message: expect.any(String) }],
    });
    expect(normalizeFixture(echo, null)).toMatchObject({ ok: false, issues: [{ path: '' }] });
  });

  it('fills fingerprints as the host does: the vendor, the hook, the default', () => {
    expect(normalizeFixture(echo, { alerts: [{ fingerprint: 'vendor-1' }, {}] })).toEqual({
      ok: true,
      alerts: [
        { ...alert(), fingerprint: 'vendor-1' },
        { ...alert(), fingerprint: defaultFingerprint(alert()) },
      ],
    });
    const hooked = source(
      (fingerprint) => alert({ fingerprint }),
      () => 'hook',
    );
    expect(normalizeFixture(hooked, { alerts: [{ fingerprint: ' ' }] })).toMatchObject({
      ok: true,
      alerts: [{ fingerprint: 'hook' }],
    });
  });

  it('throws on an alert the normalized-alert schema refuses, naming the field', () => {
    const sloppy = source(() => alert({ name: ' ', link: 'javascript:alert(1)' }));
    expect(() => normalizeFixture(sloppy, { alerts: [{}] })).toThrow(
      /malformed alert at index 0: name: .*; link: /,
    );
  });

  it('lets a bug in normalize propagate', () => {
    const broken = defineSource({
      ...echo,
      normalize: () => {
        throw new TypeError('oops');
      },
    });
    expect(() => normalizeFixture(broken, { alerts: [] })).toThrow('oops');
  });
});
