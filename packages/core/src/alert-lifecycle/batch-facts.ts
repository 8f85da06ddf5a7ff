import type { AlertSignal } from './alert-signal';

/** A signal and the rule it applies to. */
export interface RuleSignal {
  readonly ruleId: string;
  readonly signal: AlertSignal;
}

/** Of the alerts one payload, poll or run applied to one rule, how many fired and how many resolved. */
export interface BatchCounts {
  fired: number;
  resolved: number;
}

/**
 * The signals a payload, poll or evaluation run applies, each with what its history event keeps of
 * the batch beside the alert (`alert_events.payload`): the data source it came through
 * (`dataSourceId`, when given here or already on the signal) and, for its rule, how many of the
 * batch's signals fired and how many resolved (`batch`). A few dozen bytes an event, whatever the
 * batch's size; the history shows them (the original UI's Prometheus counts, its data source names).
 */
export function withBatchFacts(applied: readonly RuleSignal[], dataSourceId?: string): RuleSignal[] {
  const counts = new Map<string, BatchCounts>();
  for (const { ruleId, signal } of applied) {
    const count = counts.get(ruleId) ?? { fired: 0, resolved: 0 };
    if (signal.state === 'resolved') count.resolved++;
    else count.fired++;
    counts.set(ruleId, count);
  }
  return applied.map(({ ruleId, signal }) => ({
    ruleId,
    signal: {
      ...signal,
      payload: {
        ...signal.payload,
        ...(dataSourceId === undefined ? {} : { dataSourceId }),
        batch: counts.get(ruleId),
      },
    },
  }));
}
