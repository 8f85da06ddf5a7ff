/** Time is a port so token expiry, rate-limit windows and timers can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
