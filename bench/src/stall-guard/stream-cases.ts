import { type ClientRequest, request } from 'node:http';
import type { HostileCase } from './hostile-case';
import { TIMED_OUT } from './hostile-request';

/** How long the streams are held open once all have answered: what holding them costs. */
const HOLD_MS = 2_000;

/**
 * Opens `GET /trpc/live.events` as the member `count` times at once, each on a connection of its
 * own, as the documented tRPC client does (the token in `connectionParams`, in the URL); a stream's
 * status is that of its answer's head.
 */
export function streamCases(count: number): HostileCase[] {
  return [
    {
      name: `${count} live streams of one member at once`,
      family: 'streams',
      expect: 'any',
      prepare: async (context) => {
        const opened: ClientRequest[] = [];
        const params = (value: unknown) => encodeURIComponent(JSON.stringify(value));
        const path = `/trpc/live.events?input=${params({})}&connectionParams=${params({
          token: context.seeded.member.token,
        })}`;
        const open = () =>
          new Promise<number>((resolve) => {
            const req = request(`${context.api.baseUrl}${path}`, { agent: false });
            opened.push(req);
            const timer = setTimeout(() => resolve(TIMED_OUT), context.timeoutMs);
            req.on('response', (res) => {
              clearTimeout(timer);
              res.resume();
              res.on('error', () => undefined);
              resolve(res.statusCode ?? TIMED_OUT);
            });
            req.on('error', () => {
              clearTimeout(timer);
              resolve(TIMED_OUT);
            });
            req.end();
          });
        return {
          send: async () => {
            const statuses = await Promise.all(Array.from({ length: count }, open));
            await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
            return statuses;
          },
          cleanup: async () => {
            for (const req of opened) req.destroy();
          },
        };
      },
    },
  ];
}
