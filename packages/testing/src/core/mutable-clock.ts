import type { Clock } from '@oncall/core';

/** A clock tests move by hand: token expiry and throttling windows without sleeping. */
export class MutableClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
