import type { AlertEventFacts } from '../../../src/notifications/templates/alert-event-message';
import {
  type TemplateContext,
  type TemplateDetails,
  templateContext,
} from '../../../src/notifications/templates/index';

export const FIRED_AT = new Date('2026-11-26T17:05:03.456Z');
export const ACK = 'https://oncall.example.com/ack/token';

/** A critical fire of `db-1` on rule "Disk space", overridable per test. */
export function facts(overrides: Partial<AlertEventFacts> = {}): AlertEventFacts {
  return {
    kind: 'fired',
    state: 'critical',
    ruleState: 'critical',
    ruleName: 'Disk space',
    alertname: 'DiskFull',
    instance: 'db-1',
    description: 'Free space is 3%',
    actorName: null,
    createdAt: FIRED_AT,
    ...overrides,
  };
}

export const DETAILS: TemplateDetails = {
  ruleId: 'rule-1',
  ruleType: 'prometheus',
  labels: { instance: 'db-1', job: 'node', env: 'prod' },
  annotations: { summary: 'disk full', runbook: 'https://wiki/disk' },
  summary: 'disk full',
  acknowledgeUrl: ACK,
};

/** The context of the default event with the default details. */
export function context(overrides: Partial<AlertEventFacts> = {}, details = DETAILS): TemplateContext {
  return templateContext(facts(overrides), details);
}
