import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiFingerprint } from '../src/alert-lifecycle/fingerprint';
import { newId } from '../src/entities/new-id';

describe('record ids', () => {
  it('are distinct UUIDv7 strings in the order they were made', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('API fingerprints', () => {
  it('are the SHA-256 of alertname and instance as stored since the first release', () => {
    // The instances already stored were keyed so: a different hash would open every one again.
    const legacy = (alertname: string, instance: string) =>
      createHash('sha256').update(`${alertname}\u0000${instance}`).digest('hex');
    expect(apiFingerprint('disk_full', 'db-1')).toBe(legacy('disk_full', 'db-1'));
    expect(apiFingerprint(null, 'Zürich 日本')).toBe(legacy('', 'Zürich 日本'));
    expect(apiFingerprint('a b', 'c')).not.toBe(apiFingerprint('a', 'b c'));
  });
});
