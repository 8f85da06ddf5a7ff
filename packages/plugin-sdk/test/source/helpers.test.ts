import { describe, expect, it } from 'vitest';
import {
  compactRecord,
  defaultFingerprint,
  fingerprintOf,
  httpUrl,
  isoTime,
  isoTimeFromUnixSeconds,
  presentText,
  severityFromText,
} from '../../src';

describe('fingerprintOf', () => {
  it('is a hex sha256 that depends on the parts and their boundaries', () => {
    expect(fingerprintOf('a', 'b')).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf('a', 'b')).toBe(fingerprintOf('a', 'b'));
    expect(fingerprintOf('a b', 'c')).not.toBe(fingerprintOf('a', 'b c'));
    expect(fingerprintOf('ab')).not.toBe(fingerprintOf('a', 'b'));
  });
});

describe('defaultFingerprint', () => {
  it('ignores label order', () => {
    expect(defaultFingerprint({ name: 'DiskFull', labels: { host: 'db-1', mount: '/' } })).toBe(
      defaultFingerprint({ name: 'DiskFull', labels: { mount: '/', host: 'db-1' } }),
    );
  });

  it('differs by name, by label value and by label key', () => {
    const base = defaultFingerprint({ name: 'DiskFull', labels: { host: 'db-1' } });
    expect(defaultFingerprint({ name: 'DiskSlow', labels: { host: 'db-1' } })).not.toBe(base);
    expect(defaultFingerprint({ name: 'DiskFull', labels: { host: 'db-2' } })).not.toBe(base);
    expect(defaultFingerprint({ name: 'DiskFull', labels: { node: 'db-1' } })).not.toBe(base);
    expect(defaultFingerprint({ name: 'DiskFull', labels: {} })).not.toBe(base);
  });
});

describe('severityFromText', () => {
  it.each([
    ['critical', 'critical'],
    [' Critical ', 'critical'],
    ['error', 'critical'],
    ['fatal', 'critical'],
    ['high', 'critical'],
    ['disaster', 'critical'],
    ['warning', 'warning'],
    ['WARN', 'warning'],
    ['average', 'warning'],
    ['info', 'info'],
    ['information', 'info'],
    ['debug', 'info'],
    ['sev-x', undefined],
    ['', undefined],
    ['constructor', undefined],
    [undefined, undefined],
  ])('%j → %s', (text, expected) => {
    expect(severityFromText(text)).toBe(expected);
  });
});

describe('isoTime', () => {
  it.each([
    ['2021-10-12T09:51:03.157076+02:00', '2021-10-12T07:51:03.157Z'],
    ['2021-05-25T16:15:57.574478385Z', '2021-05-25T16:15:57.574Z'],
    ['2020-09-13T12:26:40.000000Z', '2020-09-13T12:26:40.000Z'],
    ['2024-05-01T10:00Z', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00:00+0330', '2024-05-01T06:30:00.000Z'],
    [' 2024-05-01T10:00:00Z ', '2024-05-01T10:00:00.000Z'],
    ['0001-01-01T00:00:00Z', undefined],
    ['2024.01.15 10:20:30', undefined],
    ['2024-01-15 10:20:30', undefined],
    ['2024-01-15T10:20:30', undefined],
    ['2024-13-45T99:00:00Z', undefined],
    ['yesterday', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %s', (text, expected) => {
    expect(isoTime(text)).toBe(expected);
  });
});

describe('isoTimeFromUnixSeconds', () => {
  it.each([
    [1566248777.677, '2019-08-19T21:06:17.677Z'],
    [1700000000, '2023-11-14T22:13:20.000Z'],
    [0, undefined],
    [-5, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [undefined, undefined],
  ])('%s → %s', (seconds, expected) => {
    expect(isoTimeFromUnixSeconds(seconds)).toBe(expected);
  });
});

describe('presentText, httpUrl and compactRecord', () => {
  it('treats empty and blank text as absent', () => {
    expect(presentText('')).toBeUndefined();
    expect(presentText('  \n')).toBeUndefined();
    expect(presentText(null)).toBeUndefined();
    expect(presentText(undefined)).toBeUndefined();
    expect(presentText(' db-1 ')).toBe('db-1');
  });

  it('keeps only absolute http and https URLs', () => {
    expect(httpUrl('https://grafana.example.com/d/abc?orgId=1')).toBe(
      'https://grafana.example.com/d/abc?orgId=1',
    );
    expect(httpUrl(' http://zabbix.local/tr_events.php?triggerid=1 ')).toBe(
      'http://zabbix.local/tr_events.php?triggerid=1',
    );
    expect(httpUrl('javascript:alert(1)')).toBeUndefined();
    expect(httpUrl('ftp://files.example.com/x')).toBeUndefined();
    expect(httpUrl('/alerting/list')).toBeUndefined();
    expect(httpUrl('{TRIGGER.URL}')).toBeUndefined();
    expect(httpUrl('')).toBeUndefined();
  });

  it('drops undefined and blank values', () => {
    expect(compactRecord({ host: ' db-1 ', action: undefined, url: '', eventId: '42' })).toEqual({
      host: 'db-1',
      eventId: '42',
    });
  });
});
