import type { EndpointType } from '@oncall/core';
import { Endpoint, sealJson, User } from '@oncall/core/persistence';
import { startTarpitServer, type TarpitServer } from '@oncall/fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { seedApiRule } from './support/seed-delivery';

const WAIT = { timeout: 30_000, interval: 50 };
const TARPIT_FIRES = 200;
// The tarpit owner's sends hold at least this many connections before the other owner's page is
// fired (the per-owner share of the chat lane).
const HELD_BEFORE = 2;

/**
 * One member's slow webhook must not delay anybody else's pages. A Teams endpoint of one member points
 * at a tarpit (accepts, never answers); its rule fires 200 times. Another owner's pages must then
 * reach their vendors while every tarpit connection is still held, i.e. without waiting for any of
 * the hanging sends to time out.
 */
describe('delivery fairness under a tarpit webhook', () => {
  let h: DeliveringTestApp;
  let tarpit: TarpitServer;
  let tarpitRule: { token: string; name: string };

  const endpoint = async (ownerId: string, type: EndpointType, value: string) => {
    const em = h.t.core.orm.em.fork();
    const created = em.create(Endpoint, {
      name: `${type} ${value}`,
      type,
      ...(type === 'teams'
        ? { sealedDestination: sealJson(h.t.core.secretBox, { value }) }
        : { destination: { value } }),
      owner: em.getReference(User, ownerId),
    });
    await em.flush();
    return created.id;
  };
  const fire = (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'slow_hook', instance } });

  beforeAll(async () => {
    h = await createDeliveringTestApp({ ingestPerTokenPerMinute: 100_000 });
    tarpit = await startTarpitServer();
    const member = await h.t.createUser('tarpit-owner', 'member');
    const hook = await endpoint(member, 'teams', `${tarpit.url}/hook`);
    tarpitRule = await seedApiRule(h.t, { name: 'Tarpit', endpointIds: [hook], ownerId: member });
    for (let start = 0; start < TARPIT_FIRES; start += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => fire(tarpitRule.token, `hook-${start + i}`)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    }
    await tarpit.waitForConnections(HELD_BEFORE);
  }, 60_000);
  afterAll(async () => {
    // Ending the held connections lets the hanging sends fail now rather than at their timeout.
    await tarpit.close();
    await h.dispose();
  });

  it("delivers another owner's SMS page while the tarpit still holds every connection", {
    timeout: 45_000,
  }, async () => {
    const otherOwner = await h.t.createUser('sms-owner', 'member');
    const sms = await endpoint(otherOwner, 'sms', '09121110000');
    const rule = await seedApiRule(h.t, { name: 'Disk', endpointIds: [sms], ownerId: otherOwner });
    expect((await fire(rule.token, 'db-1')).statusCode).toBe(200);

    await vi.waitFor(() => {
      const page = h.fakes.providerOne.requests.find((request) => request.query.message?.includes(rule.name));
      expect(page?.query.receptor).toBe('09121110000');
    }, WAIT);
    expect(tarpit.released).toBe(0);
    expect(tarpit.held).toBeGreaterThanOrEqual(HELD_BEFORE);
  });

  it("delivers another owner's Teams message while the tarpit owner's webhooks hang", {
    timeout: 45_000,
  }, async () => {
    const otherOwner = await h.t.createUser('teams-owner', 'member');
    const teams = await endpoint(otherOwner, 'teams', `${h.fakes.teams.url}/hook/other-owner`);
    const rule = await seedApiRule(h.t, { name: 'Queue', endpointIds: [teams], ownerId: otherOwner });
    expect((await fire(rule.token, 'mq-1')).statusCode).toBe(200);

    await vi.waitFor(() => {
      const message = h.fakes.teams.requests.find((request) => request.path === '/hook/other-owner');
      expect(message?.body).toContain(rule.name);
    }, WAIT);
    expect(tarpit.released).toBe(0);
    expect(tarpit.held).toBeGreaterThanOrEqual(HELD_BEFORE);
  });
});

const GIFTED_TARPITS = 8;
const GIFTED_FIRES = 30;
const OTHER_USERS = 10;

/**
 * A member creates tarpit chat endpoints and gives each to a different user, all on one rule of its
 * own: counted per endpoint owner alone, those sends could take every worker of the chat lane. They
 * count against the rule and the rule's owner as well, so the chat pages of users given nothing
 * arrive before any tarpit send has ended. (A user who accepted a tarpit shares its own slots with
 * it: that is why a hand-over needs the receiver's acceptance.)
 */
describe('delivery fairness under tarpit endpoints given to other users', () => {
  let h: DeliveringTestApp;
  let tarpit: TarpitServer;
  /** The users given nothing: each has a rule of its own paging its own Teams endpoint. */
  let bystanders: Array<{ token: string; path: string }>;

  const endpoint = async (ownerId: string, value: string) => {
    const em = h.t.core.orm.em.fork();
    const created = em.create(Endpoint, {
      name: `teams ${value}`,
      type: 'teams',
      sealedDestination: sealJson(h.t.core.secretBox, { value }),
      owner: em.getReference(User, ownerId),
    });
    await em.flush();
    return created.id;
  };
  const fire = (token: string, instance: string) =>
    h.call('POST', '/api/v1/fire-alert', { token, body: { alertname: 'gifted', instance } });

  beforeAll(async () => {
    h = await createDeliveringTestApp({ ingestPerTokenPerMinute: 100_000 });
    tarpit = await startTarpitServer();
    // Everything slow to set up (users' password hashes) comes before the tarpits start their clocks.
    bystanders = await Promise.all(
      Array.from({ length: OTHER_USERS }, async (_, i) => {
        const owner = await h.t.createUser(`bystander-${i}`, 'member');
        const path = `/hook/bystander-${i}`;
        const hook = await endpoint(owner, `${h.fakes.teams.url}${path}`);
        const rule = await seedApiRule(h.t, { name: `Bystander ${i}`, endpointIds: [hook], ownerId: owner });
        return { token: rule.token, path };
      }),
    );
    const giver = await h.t.createUser('tarpit-giver', 'member');
    const receivers = await Promise.all(
      Array.from({ length: GIFTED_TARPITS }, (_, i) => h.t.createUser(`given-${i}`, 'member')),
    );
    const hooks = await Promise.all(
      receivers.map((receiver, i) => endpoint(receiver, `${tarpit.url}/hook-${i}`)),
    );
    const rule = await seedApiRule(h.t, { name: 'Gifted tarpits', endpointIds: hooks, ownerId: giver });
    const answers = await Promise.all(
      Array.from({ length: GIFTED_FIRES }, (_, i) => fire(rule.token, `gift-${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(GIFTED_FIRES).fill(200));
    await tarpit.waitForConnections(HELD_BEFORE);
  }, 90_000);
  afterAll(async () => {
    await tarpit.close();
    await h.dispose();
  });

  it("delivers other users' chat pages while the gifted tarpits still hang", {
    timeout: 45_000,
  }, async () => {
    const answers = await Promise.all(bystanders.map(({ token }) => fire(token, 'bystander-1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(OTHER_USERS).fill(200));

    // Counted when every page has arrived, or when the first tarpit send ends (its attempt timeout).
    const arrived = () =>
      bystanders.filter(({ path }) => h.fakes.teams.requests.some((r) => r.path === path)).length;
    await vi.waitFor(() => {
      if (tarpit.released > 0) return;
      expect(arrived()).toBe(OTHER_USERS);
    }, WAIT);
    expect({ arrived: arrived(), tarpitsEnded: tarpit.released }).toEqual({
      arrived: OTHER_USERS,
      tarpitsEnded: 0,
    });
  });
});
