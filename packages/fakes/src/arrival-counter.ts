/**
 * Counts arrivals (requests, messages, proxied connections) so a test can await "the fake has seen
 * n of them" instead of sleeping.
 */
export class ArrivalCounter {
  #count = 0;
  #waiters: { count: number; resolve: () => void }[] = [];

  get count(): number {
    return this.#count;
  }

  arrived(): void {
    this.#count += 1;
    const ready = this.#waiters.filter((waiter) => waiter.count <= this.#count);
    this.#waiters = this.#waiters.filter((waiter) => waiter.count > this.#count);
    for (const waiter of ready) waiter.resolve();
  }

  async atLeast(count: number): Promise<void> {
    if (this.#count >= count) return;
    await new Promise<void>((resolve) => this.#waiters.push({ count, resolve }));
  }
}
