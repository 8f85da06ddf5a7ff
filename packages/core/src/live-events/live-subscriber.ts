import type { Actor } from '../auth/actor';
import { unavailable } from '../errors/domain-error';
import { compareLiveCursors, decodeLiveCursor, type LiveCursor } from './live-cursor';
import type { LiveEvent } from './live-event';
import type { VisibleRuleSet } from './visible-rule-cache';

/**
 * One caller's live stream: what it may see (its rules, narrowed by the rules it asked for), and
 * the batches waiting for it. While it replays what it missed, the feed's batches wait aside and
 * are merged after the replay, each event once, in commit order.
 *
 * Batches are kept as handed in, not copied or merged: the feed gives every subscriber of one
 * audience the same array, so a transport can encode it once for all of them (see `LiveFeed.fanOut`).
 */
export class LiveSubscriber {
  private readonly queue: (readonly LiveEvent[])[] = [];
  private queued = 0;
  private aside: (readonly LiveEvent[])[] | null;
  private asideCount = 0;
  private failure: Error | null = null;
  private ended = false;
  private wake: (() => void) | null = null;
  /**
   * The rules asked for, as a key: subscribers with the same visible set (the cache hands one
   * user's streams the same set) and the same key see exactly the same events.
   */
  readonly filterKey: string;

  constructor(
    readonly actor: Actor,
    /** The rules the actor may read, as last loaded; the feed keeps it fresh. */
    public visible: VisibleRuleSet,
    private readonly options: {
      /** The rules asked for; null for every rule the actor may see. */
      ruleIds: ReadonlySet<string> | null;
      /** Events waiting for a client that reads slower than they come, at most; then it is cut off. */
      maxQueued: number;
      /** Whether it starts with a replay, its live batches set aside meanwhile. */
      replays: boolean;
    },
  ) {
    this.aside = options.replays ? [] : null;
    this.filterKey = options.ruleIds ? [...options.ruleIds].sort().join(',') : '';
  }

  /** Whether the actor may see the event and asked for its rule. */
  wants(event: LiveEvent): boolean {
    if (this.options.ruleIds && !this.options.ruleIds.has(event.ruleId)) return false;
    return this.visible === 'every' || this.visible.has(event.ruleId);
  }

  /**
   * A batch from the shared feed, in commit order, of events the subscriber may see. It is kept
   * as is (shared with the other subscribers of its audience), so it must not change afterwards.
   */
  offer(events: readonly LiveEvent[]): void {
    if (this.ended || events.length === 0) return;
    if (!this.aside) {
      this.enqueue(events);
      return;
    }
    this.asideCount += events.length;
    if (this.asideCount > this.options.maxQueued) this.fallBehind();
    else this.aside.push(events);
  }

  /** Replayed events, in commit order; only while replaying. */
  replay(events: readonly LiveEvent[]): void {
    this.enqueue(events);
  }

  /** The replay reached `replayedTo`: batches set aside meanwhile follow, less what it sent. */
  goLive(replayedTo: LiveCursor): void {
    const aside = this.aside ?? [];
    this.aside = null;
    for (const batch of aside) {
      this.enqueue(
        batch.filter((event) => {
          const at = decodeLiveCursor(event.id);
          return at !== null && compareLiveCursors(at, replayedTo) > 0;
        }),
      );
    }
  }

  /** Ends the stream (the server stops, or the caller left). */
  end(): void {
    this.ended = true;
    this.wake?.();
  }

  /**
   * The events as they come, in the batches they were handed in (a feed read's, at most a page;
   * a replay page), until the stream ends, the signal aborts or the client falls behind. Batches,
   * not single events: each message costs the transport its serialization and write; and the
   * feed's batch is the same array for a whole audience, which a transport may encode once.
   */
  async *batches(signal?: AbortSignal): AsyncGenerator<readonly LiveEvent[]> {
    const onAbort = () => this.end();
    signal?.addEventListener('abort', onAbort);
    try {
      while (true) {
        const batch = this.queue.shift();
        if (batch) {
          this.queued -= batch.length;
          yield batch;
          continue;
        }
        if (this.failure) throw this.failure;
        if (this.ended || signal?.aborted) return;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private enqueue(events: readonly LiveEvent[]): void {
    if (this.ended || events.length === 0) return;
    if (this.queued + events.length > this.options.maxQueued) this.fallBehind();
    else {
      this.queue.push(events);
      this.queued += events.length;
    }
    this.wake?.();
  }

  /** Ends the stream with an error the client sees (what waited is dropped; it resumes from its last id). */
  fail(error: Error): void {
    if (this.ended) return;
    this.queue.length = 0;
    this.queued = 0;
    this.aside = null;
    this.failure = error;
    this.ended = true;
    this.wake?.();
  }

  /** The client reads slower than events come: it is cut off, and catches up from its last id. */
  private fallBehind(): void {
    this.fail(unavailable('The live stream fell behind; reconnect with the last event id.', 1));
  }
}
