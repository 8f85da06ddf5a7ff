import type { AutoResolveState, AutoResolveSubject } from './types';

/**
 * The state an auto-resolve timer starts from; feed it `armed` when the instance fires.
 *
 * @example
 * const state = initialAutoResolveState({ ruleId: 'rule_1', instance: 'db-1' });
 */
export function initialAutoResolveState(subject: AutoResolveSubject): AutoResolveState {
  return { phase: 'idle', ruleId: subject.ruleId, instance: subject.instance };
}
