import type { MikroORM } from '@mikro-orm/postgresql';
import {
  type AlertEventKind,
  type EndpointType,
  type FlowStep,
  newId,
  type Orchestrator,
  type OtpChannel,
  type ProviderKind,
  type ProxyType,
  type SecretBox,
} from '@oncall/core';
import {
  AlertEvent,
  AlertRule,
  Endpoint,
  MessengerProxy,
  OtpCode,
  ProviderConfig,
  sealJson,
  User,
} from '@oncall/core/persistence';

/**
 * An endpoint's destination as the core stores it, from the first release's names for its fields:
 * `value` is a webhook URL (sealed) for teams and matter-most, a chat id for telegram and bale, the
 * destination itself for the others.
 */
export function storedDestination(
  box: SecretBox,
  type: EndpointType,
  fields: { value?: string; threadId?: string; botToken?: string },
): { destination: Record<string, string> | null; sealedDestination: string | null } {
  if (type === 'flow') return { destination: null, sealedDestination: null };
  if (type === 'teams' || type === 'matter-most') {
    return {
      destination: {},
      sealedDestination: fields.value ? sealJson(box, { value: fields.value }) : null,
    };
  }
  const chat = type === 'telegram' || type === 'bale';
  const destination: Record<string, string> = chat
    ? { chatId: fields.value ?? '' }
    : { value: fields.value ?? '' };
  if (fields.threadId !== undefined) destination.threadId = fields.threadId;
  const sealed = fields.botToken ? sealJson(box, { botToken: fields.botToken }) : null;
  return { destination, sealedDestination: sealed };
}

/** Test data written the way the core writes it (sealed secrets, one default and one backup per kind). */
export function seeder(orm: MikroORM, box: SecretBox) {
  return {
    async user(username = 'oncall'): Promise<string> {
      const em = orm.em.fork();
      const user = em.create(User, { username, name: username, role: 'member', passwordHash: 'x' });
      await em.flush();
      return user.id;
    },

    async providerConfig(
      kind: ProviderKind,
      role: 'default' | 'backup',
      provider: string,
      settings: Record<string, string>,
      secrets: Record<string, string>,
    ): Promise<string> {
      const em = orm.em.fork();
      const config = em.create(ProviderConfig, {
        kind,
        name: `${kind} ${role}`,
        provider,
        settings,
        sealedSecrets: sealJson(box, secrets),
        isDefault: role === 'default',
        isBackup: role === 'backup',
      });
      await em.flush();
      return config.id;
    },

    async clearProviderConfigs(): Promise<void> {
      await orm.em.fork().nativeDelete(ProviderConfig, {});
    },

    /** Creates an OTP and asks the engine to send it in the same transaction, as the core does. */
    async requestOtp(
      orchestrator: Orchestrator,
      request: { userId: string; channel: OtpChannel; destination: string; code: string },
      options: { rollback?: boolean } = {},
    ): Promise<string> {
      let otpId = '';
      const work = orm.em.fork().transactional(async (tx) => {
        const otp = tx.create(OtpCode, {
          user: request.userId,
          channel: request.channel,
          destination: request.destination,
          codeHash: `hash-of-${request.code}`,
          sealedCode: box.encrypt(request.code),
          expiresAt: new Date(Date.now() + 600_000),
        });
        await tx.flush();
        otpId = otp.id;
        await orchestrator.sendOtp(tx, { otpId: otp.id, channel: request.channel });
        if (options.rollback) throw new Error('rolled back on purpose');
      });
      if (options.rollback) await work.catch(() => undefined);
      else await work;
      return otpId;
    },

    async endpoint(
      ownerId: string,
      type: EndpointType,
      fields: { value?: string; threadId?: string; botToken?: string; steps?: FlowStep[] } = {},
    ): Promise<string> {
      const em = orm.em.fork();
      const endpoint = em.create(Endpoint, {
        name: `${type} endpoint`,
        type,
        ...storedDestination(box, type, fields),
        steps: fields.steps ?? null,
        owner: ownerId,
      });
      await em.flush();
      return endpoint.id;
    },

    /** An `api` rule with no token, for alert events of its own. */
    async alertRule(ownerId: string): Promise<string> {
      const em = orm.em.fork();
      const rule = em.create(AlertRule, {
        name: `rule-${newId()}`,
        type: 'api',
        owner: ownerId,
        settings: {},
      });
      await em.flush();
      return rule.id;
    },

    /** A history event of an instance's episode; without an episode it opens one, named by its id. */
    async alertEvent(ruleId: string, kind: AlertEventKind, episodeId?: string): Promise<string> {
      const em = orm.em.fork();
      const resolves = kind === 'resolved' || kind === 'auto_resolved';
      const id = newId();
      em.create(AlertEvent, {
        id,
        rule: ruleId,
        kind,
        state: resolves ? 'resolved' : 'critical',
        ruleState: resolves ? 'resolved' : 'critical',
        alertname: 'latency',
        instance: 'api-1',
        episodeId: episodeId ?? id,
      });
      await em.flush();
      return id;
    },

    async activeProxy(type: ProxyType, host: string, port: number): Promise<void> {
      const em = orm.em.fork();
      await em.nativeUpdate(MessengerProxy, {}, { isActive: false });
      em.create(MessengerProxy, { name: type, type, host, port: String(port), isActive: true });
      await em.flush();
    },

    /** Notifies an endpoint about an alert event in a committed transaction. */
    async notify(orchestrator: Orchestrator, alertEventId: string, endpointId: string): Promise<void> {
      await orm.em.fork().transactional((tx) => orchestrator.notify(tx, { alertEventId, endpointId }));
    },

    async stopEscalations(orchestrator: Orchestrator, alertEventId: string): Promise<void> {
      await orm.em
        .fork()
        .transactional((tx) => orchestrator.stopEscalations(tx, { alertEventId, reason: 'acknowledged' }));
    },
  };
}
