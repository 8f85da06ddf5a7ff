import type { Clock } from '@oncall/core';
import { apiFingerprint, type OneStatementFire, oneStatementFire } from '@oncall/core/testing';

/** A one-statement API fire of `instance` (alertname `alertname`) on a rule already critical. */
export function criticalFire(
  clock: Clock,
  ruleId: string,
  alertname: string,
  instance: string,
  description?: string,
): OneStatementFire {
  const one = oneStatementFire(
    clock,
    ruleId,
    {
      fingerprint: apiFingerprint(alertname, instance),
      alertname,
      instance,
      state: 'critical',
      kind: 'fired',
      ...(description === undefined ? {} : { description }),
    },
    { mayOpen: true },
  );
  if (!one) throw new Error('a firing signal is always a one-statement candidate');
  return one;
}
