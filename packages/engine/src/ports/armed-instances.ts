/** A firing instance of a rule that auto-resolves: what its timer counts from. */
export interface ArmedInstance {
  readonly episodeId: string;
  readonly autoResolveMinutes: number;
  /** Epoch milliseconds of its last fire (`last_seen_at`). */
  readonly lastFiredAt: number;
}

/**
 * Reads an instance when its embedded auto-resolve timer runs out, fresh each time (the rule may
 * have changed since the timer was armed); the core's `armedInstanceReader`. Null when the
 * instance is gone, not firing, or its rule no longer auto-resolves.
 */
export type ArmedInstanceReader = (ruleId: string, fingerprint: string) => Promise<ArmedInstance | null>;
