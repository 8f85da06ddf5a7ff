import { type FiringAlert, firingAlerts, type RuleAnswer, read, rulePage } from '../api/answers';
import type { ApiClient } from '../api/api-client';
import { MAX_PER_PAGE } from './list-paging';

/** The states in which a rule is firing. */
export const FIRING_STATES = ['critical', 'warning', 'triggered'];

export interface FiringRule {
  rule: RuleAnswer;
  alerts: FiringAlert[];
}

export interface FiringNow {
  rules: FiringRule[];
  /** Firing rules beyond the first page of 100. */
  more: number;
}

const PARALLEL = 6;

/** The firing rules (first 100, pinned first) and each one's firing instances. */
export async function firingNow(client: ApiClient): Promise<FiringNow> {
  const page = read(
    rulePage,
    await client.request('GET', '/api/v1/alert-rule', {
      query: { status: FIRING_STATES.join(','), perPage: MAX_PER_PAGE },
    }),
    'the rule list',
  );
  const rules: FiringRule[] = [];
  for (let i = 0; i < page.data.length; i += PARALLEL) {
    const batch = page.data.slice(i, i + PARALLEL);
    rules.push(
      ...(await Promise.all(
        batch.map(async (rule) => ({
          rule,
          alerts: read(
            firingAlerts,
            await client.request('GET', `/api/v1/alert-rule/triggered/${encodeURIComponent(rule.id)}`),
            'fired data',
          ),
        })),
      )),
    );
  }
  return { rules, more: Math.max(0, page.total - page.data.length) };
}

export interface FiringRow {
  ruleId: string;
  ruleName: string;
  state: string;
  alert: string;
  instance: string;
  firedAt: string | undefined;
  acknowledgedAt: string | null | undefined;
  description: string;
}

/** One row per firing instance; a firing rule without instances (an evaluated check) gets one row. */
export function firingRows(now: FiringNow): FiringRow[] {
  return now.rules.flatMap(({ rule, alerts }): FiringRow[] =>
    alerts.length === 0
      ? [
          {
            ruleId: rule.id,
            ruleName: rule.name,
            state: rule.state,
            alert: '',
            instance: '',
            firedAt: undefined,
            acknowledgedAt: undefined,
            description: rule.description ?? '',
          },
        ]
      : alerts.map((alert) => ({
          ruleId: rule.id,
          ruleName: rule.name,
          state: alert.status,
          alert: alert.name ?? '',
          instance: alert.instance,
          firedAt: alert.createdAt,
          acknowledgedAt: alert.acknowledgedAt,
          description: alert.description ?? '',
        })),
  );
}
