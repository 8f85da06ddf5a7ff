/** A FIFO mutex: the single PGlite session is lent to one holder at a time. */
export class SessionLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
