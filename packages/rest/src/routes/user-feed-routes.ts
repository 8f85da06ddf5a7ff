import { icalUrlSchema, userFeedStatusSchema } from '@oncall/contracts';
import type { Schedules } from '@oncall/schedules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { typed } from './route-context';

const tags = ['schedules'];
const status = documentedAs(userFeedStatusSchema, 'UserFeedStatus');

/**
 * `/profile/ical-feed`: the caller's own iCal feed of their shifts across every schedule. The
 * address is shown once, when made; reading the status never makes one.
 */
export function userFeedRoutes(app: FastifyInstance, schedules: Schedules): void {
  const feeds = schedules.userFeeds;
  const r = typed(app);
  r.get(
    '/profile/ical-feed',
    {
      schema: {
        tags,
        description:
          'Whether your own feed address answers, and since when (the address is shown only when made).',
        response: { 200: status },
      },
    },
    (request) => feeds.status(actorOf(request)),
  );
  r.post(
    '/profile/ical-feed',
    {
      schema: {
        tags,
        description:
          'Makes a new secret address for your own feed (your shifts on every schedule, a week back and a year ahead, a reminder 15 minutes before each); the previous address stops answering. Shown once.',
        response: { 200: icalUrlSchema },
      },
    },
    (request) => feeds.newUrl(actorOf(request)),
  );
  r.delete(
    '/profile/ical-feed',
    {
      schema: {
        tags,
        description: 'Stops your own feed: its address stops answering.',
        response: { 200: status },
      },
    },
    (request) => feeds.stop(actorOf(request)),
  );
}

/** A person's own feed: its secret address is the credential, so it takes no session. */
export function userFeedReadRoutes(app: FastifyInstance, schedules: Schedules): void {
  const r = typed(app);
  r.get(
    '/user-feed/:token',
    {
      schema: {
        tags,
        security: [],
        description: "A person's own shifts across every schedule (RFC 5545); the address is the credential.",
        params: z.strictObject({ token: z.string().min(10).max(100) }),
        response: { 200: z.string().describe('text/calendar (RFC 5545)') },
      },
    },
    async (request, reply) =>
      reply.type('text/calendar; charset=utf-8').send(await schedules.userFeeds.feed(request.params.token)),
  );
}
