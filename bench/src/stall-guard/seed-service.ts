import type { Probe } from './probe-client';
import { CHAT_PROBE_WEBHOOKS } from './probe-protocol';
import type { ServiceApi } from './service-api';

/** What the guard seeded, all through the public REST API. */
export interface SeededService {
  adminToken: string;
  member: SeededUser;
  /** Users given nothing by anyone, and the receivers of gifted endpoints. */
  bystanders: SeededUser[];
  /** The member's Teams endpoint, to the fake chat webhook: what its rules page. */
  memberChatEndpointId: string;
  /** A Prometheus data source's token: its Alertmanager API v2 receiver. */
  prometheusToken: string;
}

export interface SeededUser {
  id: string;
  username: string;
  token: string;
}

const PHONE = '09120000000';

/**
 * Seeds the service as its users would: an SMS provider config pointing at the probe's fake vendor,
 * the admin's SMS endpoint verified by the one-time code that vendor received, chat endpoints (a
 * webhook each, `CHAT_PROBE_WEBHOOKS`), a probe rule paging each (`ProbeTargets`), a member with a
 * rule of its own, bystander users and a Prometheus data source with a rule listening to it.
 */
export async function seedService(
  api: ServiceApi,
  probe: Probe,
  adminPassword: string,
  bystanderCount: number,
): Promise<{ seeded: SeededService; probeTokens: { smsRuleToken: string; chatRuleTokens: string[] } }> {
  const adminToken = await api.login('admin', adminPassword);
  await api.ok('POST', '/api/v1/config/sms', adminToken, {
    name: 'stall guard sms',
    provider: 'providerOne',
    apiToken: 'stall-guard-token',
    senderNumber: '1000',
    baseUrl: probe.smsUrl,
    isDefault: true,
  });
  const codeSms = probe.nextSms(/verification code/i, 30_000);
  await api.ok('POST', '/api/v1/endpoint/sendOTP', adminToken, { type: 'sms', value: PHONE });
  const code = /\d{6}/.exec(await codeSms)?.[0];
  if (code === undefined) throw new Error('The one-time code SMS carried no code');
  const smsEndpoint = await api.ok<{ id: string }>('POST', '/api/v1/endpoint', adminToken, {
    type: 'sms',
    name: 'stall guard sms',
    value: PHONE,
    otpCode: code,
  });
  const probeRule = (name: string, endpointId: string) =>
    api.ok<{ apiToken: string }>('POST', '/api/v1/alert-rule', adminToken, {
      name,
      type: 'api',
      endpointIds: [endpointId],
      // Every probe its own page at once: grouped, a probe would wait out the group interval.
      groupInterval: 0,
    });
  const smsRule = await probeRule('stall guard sms probe', smsEndpoint.id);
  const chatRuleTokens: string[] = [];
  for (let i = 0; i < CHAT_PROBE_WEBHOOKS; i++) {
    const chatEndpoint = await api.ok<{ id: string }>('POST', '/api/v1/endpoint', adminToken, {
      type: 'matter-most',
      name: `stall guard chat ${i}`,
      value: `${probe.chatUrl}/probe-${i}`,
    });
    chatRuleTokens.push((await probeRule(`stall guard chat probe ${i}`, chatEndpoint.id)).apiToken);
  }

  const member = await createUser(api, adminToken, 'sg-member');
  const memberChat = await api.ok<{ id: string }>('POST', '/api/v1/endpoint', member.token, {
    type: 'teams',
    name: 'member chat',
    value: `${probe.chatUrl}/member`,
  });
  const bystanders: SeededUser[] = [];
  for (let i = 0; i < bystanderCount; i++)
    bystanders.push(await createUser(api, adminToken, `sg-bystander-${i}`));

  const source = await api.ok<{ id: string; webhookToken: string }>(
    'POST',
    '/api/v1/data-source',
    adminToken,
    {
      name: 'stall guard prometheus',
      type: 'prometheus',
      url: 'http://prometheus.invalid:9090',
    },
  );
  await api.ok('POST', '/api/v1/alert-rule', adminToken, {
    name: 'stall guard alertmanager',
    type: 'prometheus',
    queryType: 'dynamic',
    dataSourceIds: [source.id],
    dataSourceAlertName: 'StallGuard',
    endpointIds: [],
  });
  return {
    seeded: {
      adminToken,
      member,
      bystanders,
      memberChatEndpointId: memberChat.id,
      prometheusToken: source.webhookToken,
    },
    probeTokens: { smsRuleToken: smsRule.apiToken, chatRuleTokens },
  };
}

async function createUser(api: ServiceApi, adminToken: string, username: string): Promise<SeededUser> {
  const password = `${username}-password-1`;
  const user = await api.ok<{ id: string }>('POST', '/api/v1/user', adminToken, {
    username,
    name: username,
    password,
    confirmPassword: password,
    role: 'member',
  });
  return { id: user.id, username, token: await api.login(username, password) };
}
