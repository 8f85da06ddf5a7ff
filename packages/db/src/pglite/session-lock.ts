/** Raised when the session was not had in time: as Node names a timed-out operation. */
export class SessionWaitTimeout extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(waitedMs: number) {
    super(`The embedded database session was not free within ${waitedMs} ms.`);
    this.name = 'SessionWaitTimeout';
  }
}

/** A FIFO mutex: the single PGlite session is lent to one holder at a time. */
export class SessionLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  /** Without `timeoutMs`, waits as long as it takes; with it, gives up after that long. */
  acquire(timeoutMs?: number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      if (timeoutMs === undefined) {
        this.waiters.push(resolve);
        return;
      }
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(new SessionWaitTimeout(timeoutMs));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
