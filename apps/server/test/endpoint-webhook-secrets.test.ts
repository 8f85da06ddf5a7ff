import { Endpoint, openJson } from '@oncall/core/persistence';
import { maskSecret } from '@oncall/core/testing';
import { runPagingToEnd } from '@oncall/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveringTestApp, type DeliveringTestApp } from './support/delivering-test-app';
import { createTestApp, type TestApp } from './support/test-app';

interface Who {
  id: string;
  token: string;
}

const TEAMS_URL = 'https://example.webhook.office.com/webhookb2/team-secret-0001@tenant/IncomingWebhook/k1';
const MATTERMOST_URL = 'https://mattermost.internal.example/hooks/mm-secret-0002';

/**
 * A Teams or Mattermost webhook URL lets whoever holds it post to the channel: it is sealed at rest
 * and shown only to the endpoint's owner and the owner and manager roles; those it is shared with
 * read it masked.
 */
describe('Teams and Mattermost webhook URLs are secrets', () => {
  let h: TestApp;
  let admin: string;
  let author: Who;
  let manager: Who;
  let sharedUser: Who;
  let teamMember: Who;
  let teamsId: string;
  let mattermostId: string;
  /** Every answer body seen by someone who may not read the URLs. */
  const sharedAnswers: string[] = [];

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Who | string, body?: unknown) =>
    h.call(method, url, { token: typeof who === 'string' ? who : who.token, body });
  const asShared = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, body?: unknown) => {
    const response = await call(method, url, who, body);
    sharedAnswers.push(response.body);
    return response;
  };
  const trpcGet = (path: string, input: unknown, who: Who) =>
    asShared('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, who);
  const row = (id: string) => h.t.core.orm.em.fork().findOneOrFail(Endpoint, { id });

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    author = await h.userWithToken('hook-author', 'member');
    manager = await h.userWithToken('hook-manager', 'manager');
    sharedUser = await h.userWithToken('hook-shared', 'member');
    teamMember = await h.userWithToken('hook-team-member', 'member');
    const team = await call('POST', '/api/v1/team', admin, {
      name: 'Hook readers',
      ownerId: teamMember.id,
      userIds: [teamMember.id],
    });
    const create = async (type: string, value: string) => {
      const response = await call('POST', '/api/v1/endpoint', author, {
        name: `${type} hook`,
        type,
        value,
        accessUserIds: [sharedUser.id],
        accessTeamIds: [team.json().id],
      });
      expect(response.statusCode, response.body).toBe(201);
      // The owner reads what it wrote.
      expect(response.json().value).toBe(value);
      return response.json().id as string;
    };
    teamsId = await create('teams', TEAMS_URL);
    mattermostId = await create('matter-most', MATTERMOST_URL);
  });
  afterAll(() => h.dispose());

  it('stores the URL sealed, never in the clear', async () => {
    for (const [id, url] of [
      [teamsId, TEAMS_URL],
      [mattermostId, MATTERMOST_URL],
    ] as const) {
      const stored = await row(id);
      expect(stored.destination?.value).toBeUndefined();
      expect(JSON.stringify(stored)).not.toContain(new URL(url).pathname);
      expect(openJson(h.t.core.secretBox, stored.sealedDestination).value).toBe(url);
    }
  });

  it('shows the URL to the owner, the owner role and managers', async () => {
    for (const who of [author, manager, admin]) {
      const teams = await call('GET', `/api/v1/endpoint/${teamsId}`, who);
      expect(teams.json().value).toBe(TEAMS_URL);
      const listed = (await call('GET', '/api/v1/endpoint?perPage=100', who)).json().data;
      const values = listed.map((e: { value?: string }) => e.value);
      expect(values).toEqual(expect.arrayContaining([TEAMS_URL, MATTERMOST_URL]));
    }
  });

  it('masks it to users and team members it is shared with, on REST and tRPC', async () => {
    for (const who of [sharedUser, teamMember]) {
      const teams = await asShared('GET', `/api/v1/endpoint/${teamsId}`, who);
      expect(teams.statusCode).toBe(200);
      expect(teams.json().value).toBe(maskSecret(TEAMS_URL));
      const mattermost = await asShared('GET', `/api/v1/endpoint/${mattermostId}`, who);
      expect(mattermost.json().value).toBe(maskSecret(MATTERMOST_URL));
      await asShared('GET', '/api/v1/endpoint?perPage=100', who);
      await asShared('GET', '/api/v1/endpoint/createFlowEndpoints', who);
      const viaTrpc = await trpcGet('endpoints.get', { id: teamsId }, who);
      expect(viaTrpc.json().result.data.value).toBe(maskSecret(TEAMS_URL));
      await trpcGet('endpoints.list', {}, who);
      await trpcGet('endpoints.flowStepCandidates', undefined, who);
      // A shared user may not change the endpoint, and the refusal shows nothing either.
      const refused = await asShared('PUT', `/api/v1/endpoint/${teamsId}`, who, {
        name: 'taken over',
        type: 'teams',
        value: 'https://collector.attacker.example/x',
      });
      expect(refused.statusCode).toBe(403);
    }
    const everything = sharedAnswers.join('\n');
    expect(everything).not.toContain('team-secret-0001');
    expect(everything).not.toContain('mm-secret-0002');
  });

  it('keeps the stored URL when the mask is sent back, and refuses a stale mask', async () => {
    const kept = await call('PUT', `/api/v1/endpoint/${teamsId}`, author, {
      name: 'teams hook renamed',
      type: 'teams',
      value: maskSecret(TEAMS_URL),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'teams hook renamed', value: TEAMS_URL });
    expect(openJson(h.t.core.secretBox, (await row(teamsId)).sealedDestination).value).toBe(TEAMS_URL);

    const stale = await call('PUT', `/api/v1/endpoint/${teamsId}`, author, {
      name: 'teams hook',
      type: 'teams',
      value: '********zzzz',
    });
    expect(stale.statusCode).toBe(422);
    expect(Object.keys(stale.json().errors)).toEqual(['value']);

    const created = await call('POST', '/api/v1/endpoint', author, {
      name: 'masked at birth',
      type: 'teams',
      value: maskSecret(TEAMS_URL),
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toHaveProperty('value');

    const replaced = await call('PUT', `/api/v1/endpoint/${mattermostId}`, manager, {
      name: 'matter-most hook',
      type: 'matter-most',
      value: 'https://mattermost.internal.example/hooks/mm-rotated-0003',
    });
    expect(replaced.json().value).toBe('https://mattermost.internal.example/hooks/mm-rotated-0003');
    expect(openJson(h.t.core.secretBox, (await row(mattermostId)).sealedDestination).value).toBe(
      'https://mattermost.internal.example/hooks/mm-rotated-0003',
    );
  });
});

describe('sealed webhook URLs still deliver', () => {
  let h: DeliveringTestApp;

  beforeAll(async () => {
    h = await createDeliveringTestApp();
  });
  afterAll(() => h.dispose());

  it('pages the real URL of a Teams and a Mattermost endpoint created over REST', async () => {
    const token = await h.adminToken();
    const endpointIds: string[] = [];
    for (const [type, value] of [
      ['teams', `${h.fakes.teams.url}/hook/sealed-teams`],
      ['matter-most', `${h.fakes.mattermost.url}/hooks/sealed-mattermost`],
    ]) {
      const created = await h.call('POST', '/api/v1/endpoint', { token, body: { name: type, type, value } });
      expect(created.statusCode, created.body).toBe(201);
      endpointIds.push(created.json().id);
    }
    const rule = await h.call('POST', '/api/v1/alert-rule', {
      token,
      body: { type: 'api', name: 'Sealed hooks', endpointIds },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const test = await h.call('POST', `/api/v1/alert-rule-notify/test/${rule.json().id}`, { token });
    expect(test.json()).toEqual({ status: true, message: 'Test notification queued.' });
    await runPagingToEnd(h.t.core.orm);

    const destinations = h.fakes
      .delivered()
      .filter((message) => message.text.includes('Sealed hooks'))
      .map((message) => [message.kind, message.destination]);
    expect(destinations.sort()).toEqual([
      ['mattermost', '/hooks/sealed-mattermost'],
      ['teams', '/hook/sealed-teams'],
    ]);
  });
});
