import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A person's own iCal feed over the real server: their shifts across every schedule (rotations and
 * overrides) on a secret address they make, replace and stop; reading never changes anything.
 */
describe("a person's own iCal feed", () => {
  let h: TestApp;
  let admin: string;
  let ana: { id: string; token: string };
  let ben: { id: string; token: string };
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  beforeAll(async () => {
    h = await createTestApp({
      accessTokenTtlSeconds: 30 * 24 * 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    admin = await h.adminToken();
    ana = await h.userWithToken('feed-ana', 'member');
    ben = await h.userWithToken('feed-ben', 'member');
  });
  afterAll(() => h.dispose());

  /** Today's date in UTC as the schedule's wall clock, so the rotation runs from before now. */
  const today = () => new Date(h.t.clock.now().getTime() - 2 * DAY).toISOString().slice(0, 10);

  async function team(name: string) {
    const created = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name, ownerId: ana.id, userIds: [ana.id, ben.id] },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    return (created.json().id ?? created.json().data?.id) as string;
  }

  async function schedule(name: string, members: string[]) {
    const created = await h.call('POST', '/api/v1/schedule', {
      token: ana.token,
      body: {
        name,
        teamId: await team(`${name} team`),
        timeZone: 'UTC',
        layers: [
          { priority: 0, rotations: [{ unit: 'day', every: 1, startsAt: `${today()}T09:00`, members }] },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string };
  }

  // RFC 5545 folds long lines (a CRLF and a space): unfolded before reading fields.
  const events = (body: string) =>
    [...body.replace(/\r\n[ \t]/g, '').matchAll(/BEGIN:VEVENT[\s\S]*?END:VEVENT/g)].map(([event]) => ({
      uid: /^UID:(.*)$/m.exec(event)?.[1] ?? '',
      summary: /^SUMMARY:(.*)$/m.exec(event)?.[1] ?? '',
      start: /^DTSTART(?:;[^:]*)?:(.*)$/m.exec(event)?.[1] ?? '',
      alarm: event.includes('BEGIN:VALARM'),
    }));
  const pathOf = (url: string) => new URL(url, 'http://x').pathname;

  it('holds only your shifts, from every schedule, a year ahead, with stable UIDs and reminders', async () => {
    await schedule('Feed daily', [ana.id, ben.id]);
    const other = await schedule('Feed only ben', [ben.id]);
    await schedule('Feed nobody of ana', [ben.id]);
    // Ana is on call in "Feed only ben" for one afternoon through an override.
    const overrideFrom = h.t.clock.now().getTime() + 10 * DAY;
    const added = await h.call('POST', `/api/v1/schedule/${other.id}/override`, {
      token: ana.token,
      body: { kind: 'add', userId: ana.id, from: overrideFrom, until: overrideFrom + 4 * HOUR },
    });
    expect(added.statusCode, added.body).toBe(200);

    expect((await h.call('GET', '/api/v1/profile/ical-feed', { token: ana.token })).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const issued = await h.call('POST', '/api/v1/profile/ical-feed', { token: ana.token });
    expect(issued.statusCode, issued.body).toBe(200);
    const path = pathOf(issued.json().url);
    expect(path).toMatch(/^\/api\/v1\/user-feed\/[\w-]{20,}\.ics$/);

    const feed = await h.call('GET', path);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const list = events(feed.body);
    const daily = list.filter((event) => event.summary === 'On call: Feed daily');
    // Every other day from a week back to a year ahead: Ana's half of the daily rotation.
    expect(daily.length).toBeGreaterThanOrEqual(184);
    expect(daily.length).toBeLessThanOrEqual(188);
    expect(list.filter((event) => event.summary === 'On call: Feed only ben')).toHaveLength(1);
    expect(list.every((event) => event.summary !== 'On call: Feed nobody of ana')).toBe(true);
    expect(list.every((event) => event.alarm)).toBe(true);
    expect(new Set(list.map((event) => event.uid)).size).toBe(list.length);
    const last =
      list
        .map((event) => event.start)
        .sort()
        .at(-1) ?? '';
    const yearOn = new Date(h.t.clock.now().getTime() + 360 * DAY).toISOString().replace(/[-:]/g, '');
    expect(last > yearOn.slice(0, 8)).toBe(true);

    // Fetching again answers the same events and changes nothing.
    const status = (await h.call('GET', '/api/v1/profile/ical-feed', { token: ana.token })).json();
    expect(status.active).toBe(true);
    expect(events((await h.call('GET', path)).body).map((event) => event.uid)).toEqual(
      list.map((event) => event.uid),
    );
    expect((await h.call('GET', '/api/v1/profile/ical-feed', { token: ana.token })).json()).toEqual(status);

    // Ben's feed is his own: no event of Ana's, and the address is not Ana's.
    const bens = await h.call('POST', '/api/v1/profile/ical-feed', { token: ben.token });
    const benEvents = events((await h.call('GET', pathOf(bens.json().url))).body);
    expect(benEvents.some((event) => event.summary === 'On call: Feed nobody of ana')).toBe(true);
    expect(benEvents.map((event) => event.uid).some((uid) => list.some((mine) => mine.uid === uid))).toBe(
      false,
    );
  });

  it('a new address ends the old one; stopping ends the feed; an unknown address is a 404', async () => {
    const first = pathOf(
      (await h.call('POST', '/api/v1/profile/ical-feed', { token: ana.token })).json().url,
    );
    expect((await h.call('GET', first)).statusCode).toBe(200);
    const second = pathOf(
      (await h.call('POST', '/api/v1/profile/ical-feed', { token: ana.token })).json().url,
    );
    expect((await h.call('GET', first)).statusCode).toBe(404);
    expect((await h.call('GET', second)).statusCode).toBe(200);

    const stopped = await h.call('DELETE', '/api/v1/profile/ical-feed', { token: ana.token });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ active: false, createdAt: null });
    expect((await h.call('GET', second)).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/user-feed/not-a-real-feed-token.ics')).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/profile/ical-feed')).statusCode).toBe(401);
  });

  it('answers the same on tRPC', async () => {
    const made = await h.call('POST', '/trpc/profile.icalFeed.newUrl', { token: ben.token, body: {} });
    expect(made.statusCode, made.body).toBe(200);
    const path = pathOf(made.json().result.data.url);
    expect((await h.call('GET', path)).statusCode).toBe(200);
    const status = await h.call('GET', '/trpc/profile.icalFeed.status', { token: ben.token });
    expect(status.json().result.data.active).toBe(true);
    expect(
      (await h.call('POST', '/trpc/profile.icalFeed.stop', { token: ben.token, body: {} })).statusCode,
    ).toBe(200);
    expect((await h.call('GET', path)).statusCode).toBe(404);
  });
});
