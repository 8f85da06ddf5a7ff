import type { RuleTimeline, TimelineSegment } from '@oncall/core';
import type { FastifyRequest } from 'fastify';

/**
 * The smallest `toTime` taken as milliseconds, as the original web UI's Debugging page sends
 * (`Date.getTime()`): 10^12 ms is September 2001, and as seconds a year past 9999, which no seconds
 * query can name. Between the end of 9999 in seconds and this, a time is neither, and refused as
 * seconds out of range (a 422 at the field).
 */
const FIRST_MILLISECOND_TIME = 1_000_000_000_000;

const INTEGER = /^\s*\d+\s*$/;

const askedInMilliseconds = new WeakSet<FastifyRequest>();

/**
 * Before validation: a status-timeline query whose `toTime` is milliseconds has both times turned
 * into seconds (the span widened to whole seconds), and the request remembered so its answer is
 * given back in milliseconds.
 */
export async function readMillisecondTimes(request: FastifyRequest): Promise<void> {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return;
  const { fromTime, toTime } = query as { fromTime?: unknown; toTime?: unknown };
  if (typeof fromTime !== 'string' || typeof toTime !== 'string') return;
  if (!INTEGER.test(fromTime) || !INTEGER.test(toTime) || Number(toTime) < FIRST_MILLISECOND_TIME) return;
  request.query = {
    ...query,
    fromTime: String(Math.floor(Number(fromTime) / 1000)),
    toTime: String(Math.ceil(Number(toTime) / 1000)),
  };
  askedInMilliseconds.add(request);
}

/** What the Debugging page draws for a segment: one slot of the bar, and what happened in it. */
function summaryOf(segment: TimelineSegment): string | undefined {
  const described = segment.events.filter((event) => event.summary !== null);
  const own = described.filter((event) => event.status === segment.status);
  return (own.at(-1) ?? described.at(-1))?.summary ?? undefined;
}

/**
 * A timeline asked in milliseconds, answered in milliseconds, each segment with `count` (the bar
 * slots it covers: one, segments being single buckets) and `summary` when something happened in
 * it; a timeline asked in seconds is answered as it is.
 */
export function answerInAskedUnit(request: FastifyRequest, timelines: RuleTimeline[]) {
  if (!askedInMilliseconds.has(request)) return timelines;
  const ms = (seconds: number) => seconds * 1000;
  return timelines.map((timeline) => ({
    ...timeline,
    segments: timeline.segments.map((segment) => {
      const summary = summaryOf(segment);
      return {
        ...segment,
        fromTime: ms(segment.fromTime),
        toTime: ms(segment.toTime),
        count: 1,
        ...(summary === undefined ? {} : { summary }),
        events: segment.events.map((event) => ({
          ...event,
          fromTime: ms(event.fromTime),
          toTime: ms(event.toTime),
        })),
      };
    }),
  }));
}
