/**
 * Who an auto-resolve timer belongs to: one firing instance of one `api` rule. `instance` is the
 * instance's key within its rule — the service passes its fingerprint, since two alertnames may share
 * an `instance` label.
 */
export interface AutoResolveSubject {
  readonly ruleId: string;
  readonly instance: string;
}

export type AutoResolveOutcome = 'autoResolved' | 'cancelled';

/**
 * The whole memory of one instance's auto-resolve timer, plain JSON. Times are epoch milliseconds.
 *
 * @example
 * const state: AutoResolveState = {
 *   phase: 'armed', ruleId: 'rule_1', instance: 'db-1', autoResolveMinutes: 10, deadlineMs: 1_735_689_600_000,
 * };
 */
export type AutoResolveState =
  | (AutoResolveSubject & { readonly phase: 'idle' })
  | (AutoResolveSubject & {
      readonly phase: 'armed';
      readonly autoResolveMinutes: number;
      readonly deadlineMs: number;
    })
  | (AutoResolveSubject & { readonly phase: 'finished'; readonly outcome: AutoResolveOutcome });

/**
 * What happened to the instance. `timerFired` carries the time it was handled, so a timer that was
 * started before a re-arm and fires afterwards is recognised as stale.
 *
 * @example
 * const fire: AutoResolveEvent = { type: 'armed', autoResolveMinutes: 10, firedAt: 1_735_689_000_000 };
 * const again: AutoResolveEvent = { type: 'firedAgain', firedAt: 1_735_689_300_000 };
 * const tick: AutoResolveEvent = { type: 'timerFired', now: 1_735_689_600_000 };
 */
export type AutoResolveEvent =
  | { readonly type: 'armed'; readonly autoResolveMinutes: number; readonly firedAt: number }
  | { readonly type: 'firedAgain'; readonly firedAt: number }
  | { readonly type: 'resolved' }
  | { readonly type: 'timerFired'; readonly now: number };

/** The description the contract's product writes on an automatic resolve. */
export const AUTO_RESOLVE_DESCRIPTION = 'Alert resolved automatically';

/**
 * What the driver must do next.
 *
 * @example
 * const wait: AutoResolveCommand = { type: 'wait', untilMs: 1_735_689_600_000 };
 * const resolve: AutoResolveCommand = {
 *   type: 'resolveInstance', ruleId: 'rule_1', instance: 'db-1', description: 'Alert resolved automatically',
 *   lastFiredAt: 1_735_689_000_000,
 * };
 */
export type AutoResolveCommand =
  /** Report `timerFired` at `untilMs`; a new wait replaces any pending one. */
  | { readonly type: 'wait'; readonly untilMs: number }
  | {
      readonly type: 'resolveInstance';
      readonly ruleId: string;
      readonly instance: string;
      readonly description: typeof AUTO_RESOLVE_DESCRIPTION;
      /** The fire the deadline was counted from: an instance fired after it must stay firing. */
      readonly lastFiredAt: number;
    }
  | { readonly type: 'finish'; readonly outcome: AutoResolveOutcome };
