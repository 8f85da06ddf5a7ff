import { describe, expect, it } from 'vitest';
import { lagText, zoneState } from '../src/zones/zone-state';

const heard = { connected: false, revoked: false, silent: false, lastHeardAt: '2026-11-29T06:00:00.000Z' };

describe('zoneState', () => {
  it('says a revoked token first, whatever was heard', () => {
    expect(zoneState({ ...heard, connected: true, revoked: true }).label).toBe('token revoked');
  });
  it('tells a zone never heard from one that went quiet', () => {
    expect(zoneState({ ...heard, lastHeardAt: null }).label).toBe('never heard');
    expect(zoneState(heard).label).toBe('not connected');
    expect(zoneState({ ...heard, silent: true })).toEqual({ label: 'silent', color: 'red' });
  });
  it('says connected when heard within the bound', () => {
    expect(zoneState({ ...heard, connected: true })).toEqual({ label: 'connected', color: 'teal' });
  });
});

describe('lagText', () => {
  it('gives milliseconds below a second, seconds above, and a dash for none', () => {
    expect(lagText(null)).toBe('–');
    expect(lagText(240)).toBe('240 ms');
    expect(lagText(2500)).toBe('2.5 s');
  });
});
