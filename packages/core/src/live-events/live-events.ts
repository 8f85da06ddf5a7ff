import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { unauthenticated, validationFailed } from '../errors/domain-error';
import type { Clock } from '../ports/clock';
import { decodeLiveCursor, type LiveCursor } from './live-cursor';
import type { LiveEvent } from './live-event';
import { readLiveEvents } from './live-event-rows';
import { LiveFeed } from './live-feed';
import { type LiveStreamReservation, type LiveStreamSlot, LiveStreamSlots } from './live-stream-slots';
import { LiveSubscriber } from './live-subscriber';
import { VisibleRuleCache } from './visible-rule-cache';

export interface LiveEventsSettings {
  /** How often the feed reads new rows while anyone listens (default 50 ms). */
  pollMs: number;
  /** How long a member's list of readable rules is trusted (default 5 s). */
  visibleRulesMaxAgeMs: number;
  /** The most a reconnecting client is replayed: events and age (default 10,000 and 24 h). */
  replayMaxEvents: number;
  replayMaxAgeMs: number;
  /** Events waiting for one slow client at most; then it is cut off (default 10,000). */
  maxQueuedPerClient: number;
  /** How often a stream checks that its session still holds (default 30 s). */
  sessionCheckMs: number;
  /** Streams one user may hold open at once in this process, and all users together (default 10 and 1,000). */
  maxStreamsPerUser: number;
  maxStreams: number;
}

export const DEFAULT_LIVE_EVENTS: LiveEventsSettings = {
  pollMs: 50,
  visibleRulesMaxAgeMs: 5_000,
  replayMaxEvents: 10_000,
  replayMaxAgeMs: 24 * 60 * 60 * 1000,
  maxQueuedPerClient: 10_000,
  sessionCheckMs: 30_000,
  maxStreamsPerUser: 10,
  maxStreams: 1_000,
};

export interface LiveSubscription {
  /** Only these rules (still only those the caller may read); every readable rule when absent. */
  ruleIds?: readonly string[];
  /** The last event the client had: what committed after it is replayed first. */
  lastEventId?: string | null;
  /**
   * Whether the caller's session still holds (its access token unexpired, not logged out); asked
   * every `sessionCheckMs`. A stream outlives the request that opened it: when the session ends,
   * the stream ends `unauthenticated`, and the client resumes with a fresh token.
   */
  sessionHolds?: () => Promise<boolean>;
}

const PAGE_SIZE = 1_000;

/**
 * Alert state changes and delivery outcomes as they commit, for the rules the caller may read:
 * the tRPC face's live subscription. One shared feed per process reads the database; a
 * reconnecting client names its last event and is replayed what it missed, then follows live.
 */
export class LiveEvents {
  private readonly rules: VisibleRuleCache;
  private readonly feed: LiveFeed;
  private readonly slots: LiveStreamSlots;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      clock: Clock;
      settings: LiveEventsSettings;
      onError?: (error: unknown) => void;
    },
  ) {
    const em = () => deps.orm.em.fork();
    this.rules = new VisibleRuleCache({
      em,
      clock: deps.clock,
      maxAgeMs: deps.settings.visibleRulesMaxAgeMs,
    });
    this.feed = new LiveFeed({
      em,
      rules: this.rules,
      pollMs: deps.settings.pollMs,
      pageSize: PAGE_SIZE,
      onError: deps.onError,
    });
    this.slots = new LiveStreamSlots({
      maxPerUser: deps.settings.maxStreamsPerUser,
      maxTotal: deps.settings.maxStreams,
    });
  }

  /**
   * Takes a slot for a stream the user is about to open, or says why not (`too_many_streams`'s
   * message), without an exception: for a transport to call before the caller's token is verified
   * or its session read, by the user the token names, in the same step as it decides, so that of a
   * burst of streams only as many as the user has room for go on to that work. The slot is handed to
   * `subscribe`, or released if the stream does not start.
   */
  reserve(userId: string): LiveStreamReservation {
    return this.slots.reserve(userId);
  }

  /**
   * The caller's events, in commit order and in batches (what one feed read found, or one replay
   * page), until `signal` aborts or the server stops. A feed batch is the same array for every
   * subscriber of the same audience; it must not be changed.
   *
   * The stream holds `reserved`, the slot reserved for it, or takes one here, at the call, so a
   * caller over its cap is refused (`too_many_streams`) before anything streams; a slot reserved
   * for another user than the actor is given back. The slot is given back when the stream ends, when
   * `signal` aborts (a client gone, even if the stream never started) or when the iterator is
   * returned.
   */
  subscribe(
    actor: Actor,
    options: LiveSubscription,
    signal?: AbortSignal,
    reserved?: LiveStreamSlot,
  ): AsyncIterableIterator<readonly LiveEvent[]> {
    if (reserved && reserved.userId !== actor.userId) reserved.release();
    const slot = reserved?.userId === actor.userId ? reserved : this.slots.take(actor.userId);
    if (signal?.aborted) slot.release();
    signal?.addEventListener('abort', () => slot.release(), { once: true });
    const batches = this.stream(actor, options, signal, slot);
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      next: () => batches.next(),
      return: (value?: unknown) => {
        slot.release();
        return batches.return(value);
      },
      throw: (error?: unknown) => {
        slot.release();
        return batches.throw(error);
      },
    };
  }

  private async *stream(
    actor: Actor,
    options: LiveSubscription,
    signal: AbortSignal | undefined,
    slot: LiveStreamSlot,
  ): AsyncGenerator<readonly LiveEvent[]> {
    try {
      const after = options.lastEventId ? decodeLiveCursor(options.lastEventId) : null;
      if (options.lastEventId && !after) {
        throw validationFailed({ lastEventId: ['The last event id is not one this service sent.'] });
      }
      const subscriber = new LiveSubscriber(actor, await this.rules.refresh(actor), {
        ruleIds: options.ruleIds ? new Set(options.ruleIds) : null,
        maxQueued: this.deps.settings.maxQueuedPerClient,
        replays: after !== null,
      });
      await this.feed.join(subscriber);
      const sessionCheck = options.sessionHolds && this.watchSession(subscriber, options.sessionHolds);
      try {
        if (after) subscriber.goLive(await this.replay(subscriber, after, signal));
        yield* subscriber.batches(signal);
      } finally {
        if (sessionCheck) clearInterval(sessionCheck);
        this.feed.leave(subscriber);
      }
    } finally {
      slot.release();
    }
  }

  /** How often a stream asks whether its caller's session still holds. */
  get sessionCheckMs(): number {
    return this.deps.settings.sessionCheckMs;
  }

  /** Live subscribers in this process. */
  get subscribers(): number {
    return this.feed.size;
  }

  /** Live streams holding a slot in this process (a stream holds one from its call to its end). */
  get streams(): number {
    return this.slots.open;
  }

  /** Ends every stream: the server is stopping. */
  close(): void {
    this.feed.close();
  }

  private watchSession(subscriber: LiveSubscriber, sessionHolds: () => Promise<boolean>): NodeJS.Timeout {
    const timer = setInterval(() => {
      sessionHolds().then(
        (holds) => {
          if (!holds) subscriber.fail(unauthenticated());
        },
        () => subscriber.fail(unauthenticated()),
      );
    }, this.deps.settings.sessionCheckMs);
    timer.unref?.();
    return timer;
  }

  /**
   * What committed after `after`, within the replay's bounds; where it stopped. Events older than
   * the age bound are passed over; past the count bound the client follows live from there on.
   */
  private async replay(
    subscriber: LiveSubscriber,
    after: LiveCursor,
    signal?: AbortSignal,
  ): Promise<LiveCursor> {
    const { replayMaxEvents, replayMaxAgeMs } = this.deps.settings;
    const oldest = this.deps.clock.now().getTime() - replayMaxAgeMs;
    let cursor = after;
    let sent = 0;
    while (sent < replayMaxEvents && !signal?.aborted) {
      const page = await readLiveEvents(this.deps.orm.em.fork(), cursor, PAGE_SIZE);
      subscriber.visible = await this.rules.refresh(subscriber.actor);
      const events = page.events.filter((event) => Date.parse(event.at) >= oldest && subscriber.wants(event));
      const room = replayMaxEvents - sent;
      if (events.length > room) {
        const kept = events.slice(0, room);
        subscriber.replay(kept);
        const last = kept.at(-1);
        return (last && decodeLiveCursor(last.id)) || cursor;
      }
      subscriber.replay(events);
      sent += events.length;
      cursor = page.cursor;
      if (page.complete) break;
    }
    return cursor;
  }
}
