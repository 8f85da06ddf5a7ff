import type { UnreachableThreshold } from '@oncall/plugin-sdk';
import type { AlertSignal } from '../alert-lifecycle/alert-signal';
import { type FailingRuns, failingRunsOf, planSourceHealth } from './source-unreachable';

/**
 * A polled data source's failing polls, kept in its check's memory: one count for the source (a
 * poll asks it once for all its rules), and the rules whose "source unreachable" episode it opened,
 * since each rule crosses its own threshold and must be resolved when the source answers.
 */
export interface PollHealth {
  readonly failing: FailingRuns | null;
  readonly openRuleIds: readonly string[];
}

/** A rule the source's alerts go to, with its threshold. */
export interface PollingRule {
  readonly id: string;
  readonly threshold: UnreachableThreshold;
}

/** The poll health stored in a check's memory, read defensively. */
export function pollHealthOf(memory: unknown): PollHealth {
  if (typeof memory !== 'object' || memory === null) return { failing: null, openRuleIds: [] };
  const { failing, openRuleIds } = memory as { failing?: unknown; openRuleIds?: unknown };
  return {
    failing: failingRunsOf(failing),
    openRuleIds: Array.isArray(openRuleIds) ? openRuleIds.filter((id) => typeof id === 'string') : [],
  };
}

/**
 * What one poll changes about its source being reachable, rule by rule, as `planSourceHealth`
 * plans it for an evaluated rule: a failed poll counts once for the source; each rule listening
 * to it opens its episode when the count and the time reach that rule's threshold; the first poll
 * that answers resolves every episode the failing polls opened (a rule that stopped listening
 * meanwhile included). The rules' own instances are not touched: a failed poll changes nothing.
 */
export function planPollHealth(input: {
  readonly now: number;
  readonly error: string | null;
  readonly previous: PollHealth;
  readonly rules: readonly PollingRule[];
}): { health: PollHealth; signals: { ruleId: string; signal: AlertSignal }[] } {
  const { now, error, previous } = input;
  const prior = (open: boolean): FailingRuns | null =>
    previous.failing ? { ...previous.failing, open } : null;
  if (error === null) {
    const signals = previous.openRuleIds.flatMap((ruleId) => {
      const { signal } = planSourceHealth({ now, error, previous: prior(true), threshold: NO_THRESHOLD });
      return signal ? [{ ruleId, signal }] : [];
    });
    return { health: { failing: null, openRuleIds: [] }, signals };
  }
  const open = new Set(previous.openRuleIds);
  const signals: { ruleId: string; signal: AlertSignal }[] = [];
  for (const rule of input.rules) {
    const plan = planSourceHealth({
      now,
      error,
      previous: prior(open.has(rule.id)),
      threshold: rule.threshold,
    });
    if (plan.signal) {
      signals.push({ ruleId: rule.id, signal: plan.signal });
      open.add(rule.id);
    }
  }
  const since = previous.failing?.since ?? now;
  const runs = (previous.failing?.runs ?? 0) + 1;
  return { health: { failing: { since, runs, open: open.size > 0 }, openRuleIds: [...open] }, signals };
}

/** A resolve needs no threshold; `planSourceHealth` takes one all the same. */
const NO_THRESHOLD: UnreachableThreshold = { runs: 1, afterMs: 0 };
