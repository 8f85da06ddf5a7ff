import type { EntityManager } from '@mikro-orm/core';
import type { LiveCursor } from './live-cursor';
import type { LiveEvent } from './live-event';
import { readLiveEvents, readLiveHead } from './live-event-rows';
import type { LiveSubscriber } from './live-subscriber';
import type { VisibleRuleCache, VisibleRuleSet } from './visible-rule-cache';

export interface LiveFeedOptions {
  em: () => EntityManager;
  rules: VisibleRuleCache;
  /** How often the feed reads new rows while anyone listens. */
  pollMs: number;
  /** Rows one read takes at most; a full page is followed at once by the next. */
  pageSize: number;
  /** Told of a read that failed; the feed tries again at its next turn. */
  onError?: (error: unknown) => void;
}

/**
 * The one reader of new alert events and delivery attempts in a server process, whatever the
 * number of subscribers: while any listens it reads the rows committed since its cursor, every
 * `pollMs`, in one statement, and hands each subscriber the events it may see. The database is the
 * bus: every replica reads the same committed rows, so a change made through one reaches
 * subscribers of all, and no write path pays for notifying anyone.
 */
export class LiveFeed {
  private readonly subscribers = new Set<LiveSubscriber>();
  private cursor: LiveCursor | null = null;
  private starting: Promise<LiveCursor> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  /** Moves each time the feed stops, so a read begun before does not move the next run's cursor. */
  private run = 0;

  constructor(private readonly options: LiveFeedOptions) {}

  /** Adds the subscriber; it gets every event committed after the returned cursor. */
  async join(subscriber: LiveSubscriber): Promise<LiveCursor> {
    if (!this.cursor) {
      this.starting ??= readLiveHead(this.options.em()).finally(() => {
        this.starting = null;
      });
      const head = await this.starting;
      this.cursor ??= head;
    }
    this.subscribers.add(subscriber);
    this.schedule();
    return this.cursor;
  }

  /** Removes the subscriber; the last one out stops the reads, and the next one in starts afresh. */
  leave(subscriber: LiveSubscriber): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cursor = null;
    this.run += 1;
  }

  /** Ends every stream: the server is stopping. */
  close(): void {
    for (const subscriber of [...this.subscribers]) {
      subscriber.end();
      this.leave(subscriber);
    }
  }

  get size(): number {
    return this.subscribers.size;
  }

  private schedule(): void {
    if (this.timer || this.reading || this.subscribers.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.read();
    }, this.options.pollMs);
    this.timer.unref?.();
  }

  private async read(): Promise<void> {
    this.reading = true;
    const run = this.run;
    try {
      let complete = false;
      while (!complete && this.cursor && run === this.run) {
        const page = await readLiveEvents(this.options.em(), this.cursor, this.options.pageSize);
        complete = page.complete;
        if (page.events.length > 0) await this.refreshVisibleRules();
        // The cursor moves and the batch goes out in one step: a subscriber joining meanwhile
        // either is handed this batch or starts after it, never both nor neither.
        if (run !== this.run) return;
        this.cursor = page.cursor;
        this.fanOut(page.events);
      }
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.reading = false;
      this.schedule();
    }
  }

  /** One load per user whose list is stale, however many streams it has open. */
  private async refreshVisibleRules(): Promise<void> {
    const subscribers = [...this.subscribers];
    for (const subscriber of subscribers) {
      subscriber.visible = await this.options.rules.refresh(subscriber.actor);
    }
    this.options.rules.keepOnly(new Set(subscribers.map((subscriber) => subscriber.actor.userId)));
  }

  /**
   * Filters once per audience (same visible set, same rules asked for), not per subscriber, and
   * hands the audience's subscribers the same array: a transport encodes it once for all of them.
   */
  private fanOut(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    const audiences = new Map<VisibleRuleSet, Map<string, readonly LiveEvent[]>>();
    for (const subscriber of this.subscribers) {
      let byFilter = audiences.get(subscriber.visible);
      if (!byFilter) {
        byFilter = new Map();
        audiences.set(subscriber.visible, byFilter);
      }
      let batch = byFilter.get(subscriber.filterKey);
      if (!batch) {
        batch = events.filter((event) => subscriber.wants(event));
        byFilter.set(subscriber.filterKey, batch);
      }
      subscriber.offer(batch);
    }
  }
}
