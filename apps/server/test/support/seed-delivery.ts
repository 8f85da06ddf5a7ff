import { randomBytes } from 'node:crypto';
import type { EndpointType, FlowStep } from '@oncall/core';
import { AlertRule, Endpoint, ProviderConfig, sealJson, User } from '@oncall/core/persistence';
import type { TestCore } from '@oncall/testing';
import { CHANNEL_KINDS, type ChannelKind, type DeliveryFakes } from './delivery-fakes';

/**
 * What end-to-end delivery tests need in the database, written through the ORM the way the core
 * writes it (sealed secrets): their own routes (provider checks, endpoint OTPs) are tested elsewhere.
 */

const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

/** The default sms, call and email provider configs, pointing at the fakes. */
export async function seedProviderConfigs(t: TestCore, fakes: DeliveryFakes): Promise<void> {
  const em = t.core.orm.em.fork();
  const config = (
    kind: 'sms' | 'call' | 'email',
    provider: string,
    settings: Record<string, string>,
    secrets: Record<string, string>,
  ) =>
    em.create(ProviderConfig, {
      kind,
      name: `${kind} default`,
      provider,
      settings,
      sealedSecrets: sealJson(t.core.secretBox, secrets),
      isDefault: true,
      isBackup: false,
    });
  config(
    'sms',
    'providerOne',
    { senderNumber: '10004346', baseUrl: fakes.providerOne.url },
    { apiToken: 'k' },
  );
  config('call', 'providerOne', { baseUrl: fakes.providerOne.url }, { apiToken: 'k' });
  config(
    'email',
    'smtp',
    // The fake speaks plain SMTP, which a config must allow in so many words.
    { host: fakes.smtp.host, port: String(fakes.smtp.port), fromAddress: 'oncall@example.com', tls: 'none' },
    {},
  );
  await em.flush();
}

let destinations = 0;

/** Endpoint types are the legacy wire names; Mattermost's is spelled `matter-most`. */
const ENDPOINT_TYPE: Record<ChannelKind, EndpointType> = {
  sms: 'sms',
  call: 'call',
  email: 'email',
  telegram: 'telegram',
  bale: 'bale',
  teams: 'teams',
  mattermost: 'matter-most',
};

/**
 * One endpoint of every channel kind owned by the user, each with a destination of its own, so
 * tests tell their messages apart by destination as well as by rule name.
 */
export async function seedChannelEndpoints(
  t: TestCore,
  ownerId: string,
  fakes: DeliveryFakes,
): Promise<Record<ChannelKind, { id: string; destination: string }>> {
  destinations += 1;
  const n = String(destinations).padStart(7, '0');
  const fields: Record<
    ChannelKind,
    { value: string; destination: string; botToken?: string; sealed?: boolean }
  > = {
    sms: { value: `0912${n}`, destination: `0912${n}` },
    call: { value: `0935${n}`, destination: `0935${n}` },
    email: { value: `oncall-${n}@example.com`, destination: `oncall-${n}@example.com` },
    telegram: { value: `-100${n}`, destination: `-100${n}`, botToken: BOT_TOKEN },
    bale: { value: `4${n}`, destination: `4${n}`, botToken: BOT_TOKEN },
    // Webhook URLs are stored sealed, as the core stores them.
    teams: { value: `${fakes.teams.url}/hook/${n}`, destination: `/hook/${n}`, sealed: true },
    mattermost: { value: `${fakes.mattermost.url}/hooks/${n}`, destination: `/hooks/${n}`, sealed: true },
  };
  const em = t.core.orm.em.fork();
  const created = CHANNEL_KINDS.map((kind) => {
    const field = fields[kind];
    const endpoint = em.create(Endpoint, {
      name: `${kind} ${n}`,
      type: ENDPOINT_TYPE[kind],
      destination: field.sealed ? {} : { [field.botToken ? 'chatId' : 'value']: field.value },
      sealedDestination: field.sealed
        ? sealJson(t.core.secretBox, { value: field.value })
        : field.botToken
          ? sealJson(t.core.secretBox, { botToken: field.botToken })
          : null,
      owner: em.getReference(User, ownerId),
    });
    return [kind, { endpoint, destination: field.destination }] as const;
  });
  await em.flush();
  return Object.fromEntries(
    created.map(([kind, { endpoint, destination }]) => [kind, { id: endpoint.id, destination }]),
  ) as Record<ChannelKind, { id: string; destination: string }>;
}

export async function seedFlowEndpoint(t: TestCore, ownerId: string, steps: FlowStep[]): Promise<string> {
  const em = t.core.orm.em.fork();
  const flow = em.create(Endpoint, {
    name: `flow-${randomBytes(3).toString('hex')}`,
    type: 'flow',
    steps,
    owner: em.getReference(User, ownerId),
  });
  await em.flush();
  return flow.id;
}

/**
 * An `api` rule owned by the system admin (or `ownerId`), named `<name> <random>` so its messages are told apart
 * by name, with a known ingestion token and the endpoints attached.
 */
export async function seedApiRule(
  t: TestCore,
  options: {
    name: string;
    endpointIds: string[];
    showAcknowledgeBtn?: boolean;
    settings?: Record<string, unknown>;
    sharedWith?: string[];
    /** The rule's owner; the system admin by default. */
    ownerId?: string;
  },
): Promise<{ ruleId: string; token: string; name: string }> {
  const em = t.core.orm.em.fork();
  const admin = options.ownerId
    ? em.getReference(User, options.ownerId)
    : await em.findOneOrFail(User, { isSystemAdmin: true });
  const token = `ak_${randomBytes(32).toString('base64url')}`;
  const name = `${options.name} ${randomBytes(4).toString('hex')}`;
  const rule = em.create(AlertRule, {
    name,
    type: 'api',
    owner: admin,
    settings: options.settings ?? {},
    showAcknowledgeBtn: options.showAcknowledgeBtn ?? false,
    tokenHash: t.core.secretBox.lookupHash(token),
    sealedToken: t.core.secretBox.encrypt(token),
  });
  rule.endpoints.set(options.endpointIds.map((id) => em.getReference(Endpoint, id)));
  rule.users.set((options.sharedWith ?? []).map((id) => em.getReference(User, id)));
  await em.flush();
  return { ruleId: rule.id, token, name };
}
