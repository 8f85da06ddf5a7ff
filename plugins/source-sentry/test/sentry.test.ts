import type { NormalizedAlert } from '@oncall/plugin-sdk';
import { normalizeFixture, runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import eventAlert from '../fixtures/event-alert.json' with { type: 'json' };
import legacyIssue from '../fixtures/legacy-issue.json' with { type: 'json' };
import legacyTriggeredRule from '../fixtures/legacy-triggered-rule.json' with { type: 'json' };
import legacyTwoRules from '../fixtures/legacy-two-rules.json' with { type: 'json' };
import metricCritical from '../fixtures/metric-critical.json' with { type: 'json' };
import metricResolved from '../fixtures/metric-resolved.json' with { type: 'json' };
import metricWarning from '../fixtures/metric-warning.json' with { type: 'json' };
import sentry from '../src';

runSourceContractTests(sentry);

function alertsOf(payload: unknown): readonly NormalizedAlert[] {
  const outcome = normalizeFixture(sentry, payload);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.issues)}`);
  return outcome.alerts;
}

describe('Sentry source: legacy Webhooks plugin', () => {
  it('maps an issue alert field by field', () => {
    expect(alertsOf(legacyIssue)).toStrictEqual([
      {
        name: 'Checkout errors',
        status: 'firing',
        severity: 'critical',
        instance: 'app.payments.charge in capture',
        summary: 'PaymentGatewayTimeout: gateway did not answer within 10s',
        description: undefined,
        labels: {
          environment: 'production',
          handled: 'no',
          level: 'error',
          mechanism: 'logging',
          release: 'checkout-api@2024.05.1',
          runtime: 'CPython 3.12.2',
          server_name: 'checkout-5d8f9c7b6-k2x9q',
          project: 'checkout-api',
        },
        annotations: {},
        startsAt: '2024-05-01T10:20:30.412Z',
        fingerprint: 'sentry-issue:4504933812:Checkout errors',
        details: {
          project: 'checkout-api',
          level: 'error',
          url: 'https://sentry.example.com/organizations/acme/issues/4504933812/?referrer=webhooks_plugin',
          issueId: '4504933812',
          eventId: '6d2c3b0fb7e94f4f9d6f1ce2a5e1a0c3',
        },
        link: 'https://sentry.example.com/organizations/acme/issues/4504933812/?referrer=webhooks_plugin',
      },
    ]);
  });

  it('gives each triggering rule its own alert', () => {
    expect(
      alertsOf(legacyTwoRules).map(({ name, fingerprint, severity }) => ({ name, fingerprint, severity })),
    ).toEqual([
      {
        name: 'Frontend crashes',
        fingerprint: 'sentry-issue:4504940001:Frontend crashes',
        severity: 'critical',
      },
      { name: 'Any new issue', fingerprint: 'sentry-issue:4504940001:Any new issue', severity: 'critical' },
    ]);
  });

  it('reads the older triggered_rule, a message and an ISO event time', () => {
    expect(alertsOf(legacyTriggeredRule)[0]).toMatchObject({
      name: 'Billing warnings',
      severity: 'warning',
      summary: 'Invoice rendering slow for tenant 42',
      description: undefined,
      startsAt: '2024-05-01T10:31:05.120Z',
      labels: {
        environment: 'staging',
        level: 'warning',
        logger: 'billing.invoices',
        project: 'billing-worker',
      },
    });
  });

  it('names an alert without rules by its project', () => {
    const { triggering_rules: _rules, ...withoutRules } = legacyIssue;
    expect(alertsOf(withoutRules).map((alert) => alert.name)).toEqual(['checkout-api']);
    expect(alertsOf({ ...legacyIssue, triggering_rules: [] }).map((alert) => alert.name)).toEqual([
      'checkout-api',
    ]);
  });

  it('keeps a message that says more than the title as the description', () => {
    expect(alertsOf({ ...legacyIssue, message: 'charge 81234 timed out' })[0]?.description).toBe(
      'charge 81234 timed out',
    );
  });

  it('drops tags it cannot read instead of refusing the alert', () => {
    const odd = {
      ...legacyIssue,
      event: { ...legacyIssue.event, tags: [['only-key'], { key: 'k', value: 'v' }, 7] },
    };
    expect(alertsOf(odd)[0]?.labels).toEqual({ k: 'v', project: 'checkout-api' });
    const notAList = { ...legacyIssue, event: { ...legacyIssue.event, tags: 'environment:production' } };
    expect(alertsOf(notAList)[0]?.labels).toEqual({ project: 'checkout-api' });
  });
});

describe('Sentry source: integration issue alert', () => {
  it('maps an event_alert field by field', () => {
    expect(alertsOf(eventAlert)).toStrictEqual([
      {
        name: 'ERP sync failures',
        status: 'firing',
        severity: 'critical',
        instance: 'app.orders.sync in push_to_erp',
        summary: 'ConnectionResetError: [Errno 104] Connection reset by peer',
        description: undefined,
        labels: {
          environment: 'production',
          handled: 'yes',
          level: 'error',
          release: 'checkout-api@2024.05.1',
          server_name: 'checkout-5d8f9c7b6-k2x9q',
          project: 'checkout-api',
        },
        annotations: {},
        startsAt: '2024-05-01T11:02:17.677Z',
        fingerprint: 'sentry-issue:4504961117:ERP sync failures',
        details: {
          project: 'checkout-api',
          level: 'error',
          url: 'https://sentry.example.com/organizations/acme/issues/4504961117/events/e4874d664c3540c1a32eab185f12c5ab/',
          issueId: '4504961117',
          eventId: 'e4874d664c3540c1a32eab185f12c5ab',
        },
        link: 'https://sentry.example.com/organizations/acme/issues/4504961117/events/e4874d664c3540c1a32eab185f12c5ab/',
      },
    ]);
  });

  it('is the same alert when the rule fires again for the issue', () => {
    const again = {
      ...eventAlert,
      data: {
        ...eventAlert.data,
        event: { ...eventAlert.data.event, event_id: 'ffff', datetime: '2024-05-01T11:40:00Z' },
      },
    };
    expect(alertsOf(again)[0]?.fingerprint).toBe(alertsOf(eventAlert)[0]?.fingerprint);
  });
});

describe('Sentry source: integration metric alert', () => {
  it('maps a critical metric alert field by field', () => {
    expect(alertsOf(metricCritical)).toStrictEqual([
      {
        name: 'Too many errors',
        status: 'firing',
        severity: 'critical',
        instance: 'checkout-api',
        summary: 'Critical: Too many errors',
        description: '1032 events in the last 10 minutes\nFilter: level:error',
        labels: { project: 'checkout-api', environment: 'production' },
        annotations: {},
        startsAt: '2024-05-01T12:00:00.000Z',
        endsAt: undefined,
        fingerprint: 'sentry-metric-alert:4012',
        details: {
          project: 'checkout-api',
          url: 'https://sentry.example.com/organizations/acme/alerts/rules/details/7/?alert=118',
          incident: '118',
        },
        link: 'https://sentry.example.com/organizations/acme/alerts/rules/details/7/?alert=118',
      },
    ]);
  });

  it('moves one incident from critical to warning to resolved', () => {
    const [critical] = alertsOf(metricCritical);
    const [warning] = alertsOf(metricWarning);
    const [resolved] = alertsOf(metricResolved);
    expect(warning).toMatchObject({
      status: 'firing',
      severity: 'warning',
      fingerprint: critical?.fingerprint,
    });
    expect(resolved).toMatchObject({
      status: 'resolved',
      severity: undefined,
      fingerprint: critical?.fingerprint,
      summary: 'Resolved: Too many errors',
      endsAt: '2024-05-01T12:41:00.000Z',
    });
  });
});

describe('Sentry source: refusals', () => {
  it.each([
    [
      'an installation webhook',
      { action: 'created', data: { installation: {} }, installation: { uuid: 'x' } },
    ],
    ['an event_alert without its rule', { action: 'triggered', data: { event: eventAlert.data.event } }],
    [
      'an event_alert without an issue id',
      { action: 'triggered', data: { ...eventAlert.data, event: { title: 'x' } } },
    ],
    ['a metric alert with an unknown action', { ...metricCritical, action: 'muted' }],
    ['a legacy body without a project', { id: '1', url: 'https://sentry.example.com' }],
  ])('refuses %s', (_case, payload) => {
    expect(normalizeFixture(sentry, payload)).toMatchObject({ ok: false });
  });
});
