import type { NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizeFixture, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import diskFull from '../fixtures/disk-full.json' with { type: 'json' };
import diskFullNextRun from '../fixtures/disk-full-next-run.json' with { type: 'json' };
import diskFullOtherHost from '../fixtures/disk-full-other-host.json' with { type: 'json' };
import failedLogins from '../fixtures/failed-logins.json' with { type: 'json' };
import noResults from '../fixtures/no-results.json' with { type: 'json' };
import splunk from '../src';

runSourceContractTests(splunk);

function alertOf(payload: unknown): NormalizedAlert {
  const outcome = normalizeFixture(splunk, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  const [alert, ...rest] = outcome.alerts;
  if (alert === undefined || rest.length > 0) throw new Error('expected exactly one alert');
  return alert;
}

describe('Splunk source', () => {
  it('maps a webhook field by field', () => {
    expect(alertOf(diskFull)).toStrictEqual({
      name: 'Disk usage above 90%',
      status: 'firing',
      severity: 'critical',
      instance: 'web-3',
      description: undefined,
      labels: { host: 'web-3', mount: '/var', pct_used: '93', severity: 'critical', sourcetype: 'df' },
      annotations: {},
      startsAt: '2024-05-01T10:20:00.000Z',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      details: {
        searchName: 'Disk usage above 90%',
        resultsLink:
          'https://splunk.example.com:8000/app/search/@go?sid=scheduler__admin__search__RMD5a9b1c0d2e3f4a5b6_at_1714558800_1234',
        sid: 'scheduler__admin__search__RMD5a9b1c0d2e3f4a5b6_at_1714558800_1234',
        app: 'search',
        owner: 'admin',
      },
      link: 'https://splunk.example.com:8000/app/search/@go?sid=scheduler__admin__search__RMD5a9b1c0d2e3f4a5b6_at_1714558800_1234',
    });
  });

  it('treats the next run about the same host as the same alert, another host as another', () => {
    const first = alertOf(diskFull).fingerprint;
    expect(alertOf(diskFullNextRun).fingerprint).toBe(first);
    expect(alertOf(diskFullOtherHost).fingerprint).not.toBe(first);
  });

  it('keys the alert on saved search identity: app, owner and name', () => {
    const first = alertOf(diskFull).fingerprint;
    expect(alertOf({ ...diskFull, app: 'ops' }).fingerprint).not.toBe(first);
    expect(alertOf({ ...diskFull, owner: 'nobody' }).fingerprint).not.toBe(first);
    expect(alertOf({ ...diskFull, search_name: 'Disk usage above 95%' }).fingerprint).not.toBe(first);
  });

  it("uses the result's fingerprint field when the search computes one", () => {
    const alice = alertOf(failedLogins);
    const bob = alertOf({
      ...failedLogins,
      result: { ...failedLogins.result, user: 'bob', fingerprint: 'bob' },
    });
    const aliceAgain = alertOf({
      ...failedLogins,
      sid: 'other',
      result: { ...failedLogins.result, count: '52' },
    });
    expect(bob.fingerprint).not.toBe(alice.fingerprint);
    expect(aliceAgain.fingerprint).toBe(alice.fingerprint);
  });

  it('joins multivalue fields and leaves out what it cannot show', () => {
    expect(alertOf(failedLogins)).toMatchObject({
      name: 'Brute force: failed logins per user',
      severity: undefined,
      instance: undefined,
      labels: { count: '37', fingerprint: 'alice', src: '10.20.0.14, 10.20.0.61', user: 'alice' },
    });
    const odd = alertOf({
      ...diskFull,
      result: { nested: { a: 1 }, none: null, n: 3, flag: true, mixed: ['a', {}] },
    });
    expect(odd.labels).toEqual({ n: '3', flag: 'true' });
  });

  it('keeps _raw as the description and reads epoch _time', () => {
    const alert = alertOf({
      ...diskFull,
      result: { ...diskFull.result, _raw: 'Filesystem /var 93% used', _time: '1714558800' },
    });
    expect(alert).toMatchObject({
      description: 'Filesystem /var 93% used',
      startsAt: '2024-05-01T10:20:00.000Z',
    });
    expect(alert.labels).not.toHaveProperty('_raw');
  });

  it('accepts an alert without results, one per saved search', () => {
    const alert = alertOf(noResults);
    expect(alert).toMatchObject({ name: 'Heartbeat missing', labels: {}, instance: undefined });
    expect(alertOf({ ...noResults, result: null }).fingerprint).toBe(alert.fingerprint);
    expect(alertOf({ ...noResults, sid: 'rt_next' }).fingerprint).toBe(alert.fingerprint);
  });

  it('refuses a body without a search name', () => {
    expect(normalizeFixture(splunk, { ...diskFull, search_name: ' ' })).toMatchObject({
      ok: false,
      issues: [{ path: 'search_name' }],
    });
  });
});
