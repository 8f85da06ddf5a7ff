import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  type DispatchRoutes,
  type OnCallPeople,
  type PersonPage,
  routePeopleStep,
} from '../src/index';

const sms = { kind: 'deliver', chain: ['cfg_sms'], lane: 'page', ownerId: 'usr_ana' } as const;
const routes: DispatchRoutes = {
  chainForKind: async () => null,
  routeOf: async () => sms,
  followUpTargets: async () => null,
};
const peopleOf = (pages: PersonPage[]): OnCallPeople => ({ pagesAt: async () => pages });
const request = {
  alertEventId: 'evt_1',
  flowEndpointId: 'ep_flow',
  step: { type: 'user', userId: 'usr_ana' },
  stepIndex: 0,
  policy: DEFAULT_RETRY_POLICY,
  atMs: 0,
} as const;
const ana = (endpointId: string, delayMinutes?: number): PersonPage => ({
  endpointId,
  recipient: {
    userId: 'usr_ana',
    via: 'user',
    ...(delayMinutes === undefined ? {} : { rule: { urgency: 'default', delayMinutes } }),
  },
});

describe('routePeopleStep', () => {
  it('routes the at-once pages now and hands the delayed ones back with their delay', async () => {
    const { now, later } = await routePeopleStep(
      request,
      peopleOf([ana('ep_call', 5), ana('ep_chat', 0), ana('ep_sms', 2)]),
      routes,
    );
    expect(now.map((command) => command.type === 'deliver' && command.key)).toEqual([
      'notify:evt_1:ep_chat:0',
    ]);
    expect(later.map((page) => [page.dispatch.endpointId, page.delayMs])).toEqual([
      ['ep_sms', 120_000],
      ['ep_call', 300_000],
    ]);
    expect(later[0]?.dispatch.recipient).toEqual({
      userId: 'usr_ana',
      via: 'user',
      rule: { urgency: 'default', delayMinutes: 2 },
      flowEndpointId: 'ep_flow',
      stepIndex: 0,
    });
  });

  it('pages an endpoint two rules name once, at the earlier delay', async () => {
    const { now, later } = await routePeopleStep(
      request,
      peopleOf([ana('ep_call', 5), ana('ep_call', 1)]),
      routes,
    );
    expect(now).toEqual([]);
    expect(later.map((page) => [page.dispatch.endpointId, page.delayMs])).toEqual([['ep_call', 60_000]]);
  });

  it('pages someone without rules on every endpoint now', async () => {
    const { now, later } = await routePeopleStep(request, peopleOf([ana('ep_a'), ana('ep_b')]), routes);
    expect(now).toHaveLength(2);
    expect(later).toEqual([]);
  });
});
