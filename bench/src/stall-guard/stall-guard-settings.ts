/** How long and how much the stall guard runs: `reduced` for CI (about two minutes), `full` for the record. */
export interface StallGuardSettings {
  mode: 'reduced' | 'full';
  /** Measured and thrown away first: JIT, pools and caches warm up. */
  warmUpMs: number;
  /** The unloaded run the bounds come from. */
  baselineMs: number;
  /** Measuring goes on this long after a case's last answer. */
  tailMs: number;
  /** How long the end of a window waits for pages still on their way. */
  graceMs: number;
  /** A hostile request unanswered this long counts as unanswered (a failure). */
  requestTimeoutMs: number;
  /** How long `/healthz` may take to come back under its bound after a case before the server is restarted. */
  settleMs: number;
  liveStreams: number;
  /** How long the gifting case watches other users' chat pages after its fires. */
  giftingHoldMs: number;
  bystanders: number;
}

export const REDUCED: StallGuardSettings = {
  mode: 'reduced',
  warmUpMs: 2_000,
  baselineMs: 4_000,
  tailMs: 1_000,
  graceMs: 3_000,
  requestTimeoutMs: 15_000,
  settleMs: 60_000,
  liveStreams: 500,
  giftingHoldMs: 4_000,
  bystanders: 8,
};

export const FULL: StallGuardSettings = {
  mode: 'full',
  warmUpMs: 3_000,
  baselineMs: 10_000,
  tailMs: 2_000,
  graceMs: 5_000,
  requestTimeoutMs: 20_000,
  settleMs: 60_000,
  liveStreams: 500,
  giftingHoldMs: 8_000,
  bystanders: 8,
};
