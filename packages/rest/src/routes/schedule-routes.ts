import {
  icalUrlSchema,
  onCallHistorySchema,
  onCallViewSchema,
  overrideBody,
  scheduleAtQuery,
  scheduleBody,
  scheduleCalendarSchema,
  scheduleRangeQuery,
  scheduleViewSchema,
  swapOfferBody,
  swapViewSchema,
} from '@oncall/contracts';
import type { Schedules } from '@oncall/schedules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor-hook';
import { documentedAs } from '../openapi/schema-names';
import { idParams, typed } from './route-context';

const tags = ['schedules'];
const view = documentedAs(scheduleViewSchema, 'Schedule');
const swapView = documentedAs(swapViewSchema, 'ScheduleSwap');
const swapParams = idParams.extend({ swapId: z.string().max(64) });
const numericInstants = <T extends Record<string, unknown>>(query: T): T =>
  Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  ) as T;

/** `/schedule`: a team's on-call schedules, overrides, who is on call, the calendar and its feed. */
export function scheduleRoutes(app: FastifyInstance, schedules: Schedules): void {
  const r = typed(app);
  r.get('/schedule', { schema: { tags, response: { 200: z.array(view) } } }, async (request) =>
    (await schedules.list(actorOf(request))).map((schedule) => schedules.view(schedule)),
  );
  r.post(
    '/schedule',
    { schema: { tags, body: scheduleBody, response: { 201: view } } },
    async (request, reply) =>
      reply.status(201).send(schedules.view(await schedules.create(actorOf(request), request.body))),
  );
  r.get('/schedule/:id', { schema: { tags, params: idParams, response: { 200: view } } }, async (request) =>
    schedules.view(await schedules.get(actorOf(request), request.params.id)),
  );
  r.put(
    '/schedule/:id',
    {
      schema: {
        tags,
        description:
          "Replaces the layers from now on: a changed rotation's running version ends now and a new one starts; the past keeps its answer.",
        params: idParams,
        body: scheduleBody,
        response: { 200: view },
      },
    },
    async (request) =>
      schedules.view(await schedules.update(actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/schedule/:id',
    { schema: { tags, params: idParams, response: { 200: view } } },
    async (request) => schedules.view(await schedules.delete(actorOf(request), request.params.id)),
  );
  r.post(
    '/schedule/:id/override',
    {
      schema: {
        tags,
        description:
          'Adds, removes or replaces a person for a range; an overlap about the same person is a 422 naming it.',
        params: idParams,
        body: overrideBody,
        response: { 200: view },
      },
    },
    async (request) =>
      schedules.view(await schedules.addOverride(actorOf(request), request.params.id, request.body)),
  );
  r.delete(
    '/schedule/:id/override/:overrideId',
    {
      schema: {
        tags,
        params: idParams.extend({ overrideId: z.string().max(64) }),
        response: { 200: view },
      },
    },
    async (request) =>
      schedules.view(
        await schedules.removeOverride(actorOf(request), request.params.id, request.params.overrideId),
      ),
  );
  r.get(
    '/schedule/:id/on-call',
    {
      schema: {
        tags,
        description:
          'Who is on call at `at` (default now, ISO or epoch ms) and the next hand-offs within a week.',
        params: idParams,
        querystring: scheduleAtQuery,
        response: { 200: onCallViewSchema },
      },
      preValidation: async (request) => {
        request.query = numericInstants(request.query as Record<string, unknown>);
      },
    },
    (request) => schedules.onCall(actorOf(request), request.params.id, request.query.at),
  );
  r.get(
    '/schedule/:id/calendar',
    {
      schema: {
        tags,
        description: "The resolver's answer over a range (default the next 7 days, at most 62).",
        params: idParams,
        querystring: scheduleRangeQuery,
        response: { 200: scheduleCalendarSchema },
      },
      preValidation: async (request) => {
        request.query = numericInstants(request.query as Record<string, unknown>);
      },
    },
    (request) => schedules.calendar(actorOf(request), request.params.id, request.query),
  );
  r.get(
    '/schedule/:id/swap',
    {
      schema: {
        tags,
        description: "Swap requests: open offers first, then the last 30 days' decided ones.",
        params: idParams,
        response: { 200: z.array(swapView) },
      },
    },
    (request) => schedules.swaps.list(actorOf(request), request.params.id),
  );
  r.post(
    '/schedule/:id/swap',
    {
      schema: {
        tags,
        description:
          'Offers a range of your own coming shifts (at most 31 days) to the team; 422 at `from` when you are not on call in it.',
        params: idParams,
        body: swapOfferBody,
        response: { 201: swapView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await schedules.swaps.offer(actorOf(request), request.params.id, request.body)),
  );
  r.post(
    '/schedule/:id/swap/:swapId/take',
    {
      schema: {
        tags,
        description:
          'Takes an open offer: it becomes a `replace` override (you for the offerer) from now or its start; 409 when already taken, withdrawn or expired; 422 naming an overlapping override.',
        params: swapParams,
        response: { 200: swapView },
      },
    },
    (request) => schedules.swaps.take(actorOf(request), request.params.id, request.params.swapId),
  );
  r.post(
    '/schedule/:id/swap/:swapId/withdraw',
    {
      schema: {
        tags,
        description: 'Withdraws an offer nobody took (its offerer, an owner or a manager); 409 once decided.',
        params: swapParams,
        response: { 200: swapView },
      },
    },
    (request) => schedules.swaps.withdraw(actorOf(request), request.params.id, request.params.swapId),
  );
  r.get(
    '/schedule/:id/history',
    {
      schema: {
        tags,
        description:
          'Who was on call (append-only, written as shifts change) between `from` and `until` (default the last 30 days, at most a year).',
        params: idParams,
        querystring: scheduleRangeQuery,
        response: { 200: onCallHistorySchema },
      },
      preValidation: async (request) => {
        request.query = numericInstants(request.query as Record<string, unknown>);
      },
    },
    (request) => schedules.history.list(actorOf(request), request.params.id, request.query),
  );
  r.get(
    '/schedule/:id/on-call-hours.csv',
    {
      schema: {
        tags,
        description:
          'On-call hours per person from the history, clipped to the range and to now: `user_id,name,hours,stretches`.',
        params: idParams,
        querystring: scheduleRangeQuery,
        response: { 200: z.string().describe('text/csv') },
      },
      preValidation: async (request) => {
        request.query = numericInstants(request.query as Record<string, unknown>);
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="on-call-hours.csv"')
        .send(await schedules.history.hoursCsv(actorOf(request), request.params.id, request.query)),
  );
  r.post(
    '/schedule/:id/ical-url',
    { schema: { tags, params: idParams, response: { 200: icalUrlSchema } } },
    (request) => schedules.newIcalUrl(actorOf(request), request.params.id),
  );
}

/** The iCal feed: its secret address is the credential, so it takes no session. */
export function scheduleFeedRoutes(app: FastifyInstance, schedules: Schedules): void {
  const r = typed(app);
  r.get(
    '/schedule-feed/:token',
    {
      schema: {
        tags,
        security: [],
        params: z.strictObject({ token: z.string().min(10).max(100) }),
        response: { 200: z.string().describe('text/calendar (RFC 5545)') },
      },
    },
    async (request, reply) =>
      reply.type('text/calendar; charset=utf-8').send(await schedules.icalFeed(request.params.token)),
  );
}
