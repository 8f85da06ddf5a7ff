import type { MikroORM } from '@mikro-orm/core';
import type { ChannelMessage } from '@oncall/plugin-sdk';
import { createLoadingCache, HOT_PATH_KEEP_WARM_MS } from '../caching/loading-cache';
import type { SecretBox } from '../crypto/secret-box';
import type { DeliverySubject } from '../entities/delivery-attempt.entity';
import { isId } from '../entities/new-id';
import { type ActiveMessengerProxy, activeMessengerProxy } from '../messenger-proxies/active-messenger-proxy';
import { createGroupedReader } from '../persistence/grouped-reader';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { loadProviderSettings } from '../provider-configs/provider-settings';
import { providerTarget } from '../provider-configs/provider-target';
import type { AlertEventMessages } from './alert-event-messages';
import { DIRECT_PROVIDER } from './direct-provider';
import { type EndpointRow, endpointDestination } from './endpoint-destination';
import { noticeMessage } from './notice-message';
import { otpMessage } from './otp-message';

/**
 * Everything one send needs, secrets opened. The config and the
 * destination are not checked yet: the channel plugin's schemas parse them.
 */
export interface SendTarget {
  /** The channel plugin that sends. */
  readonly channelId: string;
  readonly config: Record<string, unknown>;
  readonly destination: Record<string, unknown>;
  readonly message: ChannelMessage;
}

/** A send target, or why there is none (each reason is final: a retry would find the same). */
export type SendTargetLookup =
  | { readonly kind: 'send'; readonly target: SendTarget }
  | { readonly kind: 'unsendable'; readonly reason: string };

/** What sends read from the database: the engine's channel sender resolves each send through it. */
export interface DeliveryTargetReader {
  /** `providerConfigId` is a provider config's id, or `DIRECT_PROVIDER` for a direct channel. */
  resolve(request: {
    readonly notification: DeliverySubject;
    readonly providerConfigId: string;
  }): Promise<SendTargetLookup>;
  /** The proxy messenger traffic goes through now; null for direct connections. */
  activeProxy(): Promise<ActiveMessengerProxy | null>;
}

export interface DeliveryTargetsOptions {
  readonly orm: MikroORM;
  readonly box: SecretBox;
  /**
   * The loaded plugins: the channel of a provider config is the one serving its kind and provider;
   * a direct endpoint type sends through its channel, which says what it can show.
   */
  readonly plugins: PluginRegistry;
  /** Renders alert notifications: the core's `createAlertEventMessages`, or a fixed one in tests. */
  readonly alertMessages: AlertEventMessages;
  /**
   * Instance-wide configs of the channels that have no provider config, by channel id, e.g.
   * `{ telegram: { apiBase: 'http://bot-api.internal' } }` for a local Bot API server.
   */
  readonly channelConfigs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** How long a provider config, once read and decrypted, is reused for sends. Default 2 s; 0 disables. */
  readonly providerConfigTtlMs?: number;
  /**
   * How long an endpoint's destination, once read, is reused for sends: an edit reaches pages within
   * it. Default 2 s; 0 disables.
   */
  readonly endpointTtlMs?: number;
}

const DEFAULT_PROVIDER_CONFIG_TTL_MS = 2_000;
const DEFAULT_ENDPOINT_TTL_MS = 2_000;
/** Endpoints one grouped read takes at most. */
const GROUPED_READ_MAX = 500;

const unsendable = (reason: string): SendTargetLookup => ({ kind: 'unsendable', reason });

/**
 * Resolves a notification when it is sent, so codes, bot tokens and message text never sit in job
 * payloads: an OTP is read and its code decrypted, an alert notification's endpoint read and its
 * message rendered, a notice's text read. The provider config of the attempt (secrets decrypted) names the channel; a
 * direct attempt goes to the endpoint type's channel with its instance-wide config. A channel that
 * cannot offer an acknowledge link (`capabilities.acknowledge: 'none'`, a voice call) gets none.
 */
export function createDeliveryTargets(options: DeliveryTargetsOptions): DeliveryTargetReader {
  const { orm, box, plugins } = options;
  const send = (target: SendTarget): SendTargetLookup => {
    const offersNoLink = plugins.channels.get(target.channelId)?.capabilities.acknowledge === 'none';
    if (!offersNoLink || target.message.acknowledgeUrl === undefined) return { kind: 'send', target };
    const { acknowledgeUrl: _unoffered, ...message } = target.message;
    return { kind: 'send', target: { ...target, message } };
  };

  const loadProvider = createLoadingCache({
    load: async (providerConfigId) => {
      const settings = await loadProviderSettings(orm.em.fork(), box, providerConfigId);
      if (!settings) return null;
      const { kind, provider } = settings;
      return providerTarget(options.plugins, settings) ?? { unserved: { kind, provider } };
    },
    ttlMs: options.providerConfigTtlMs ?? DEFAULT_PROVIDER_CONFIG_TTL_MS,
    now: () => performance.now(),
    keepWarmMs: HOT_PATH_KEEP_WARM_MS,
  });

  // Every send reads these, so they are plain rows rather than hydrated entities, and the endpoints
  // asked while a read is in flight are read together.
  const readEndpoints = createGroupedReader<EndpointRow>(async (ids) => {
    const rows = await queryRows<EndpointRow & { id: string }>(
      orm.em.fork(),
      'select id, type, destination, sealed_destination from endpoints where id in (?)',
      [ids],
    );
    return new Map(rows.map(({ id, ...endpoint }) => [id, endpoint]));
  }, GROUPED_READ_MAX);
  const loadEndpoint = createLoadingCache({
    load: async (endpointId) => (isId(endpointId) ? readEndpoints(endpointId) : null),
    ttlMs: options.endpointTtlMs ?? DEFAULT_ENDPOINT_TTL_MS,
    now: () => performance.now(),
    keepWarmMs: HOT_PATH_KEEP_WARM_MS,
  });

  const readOtp = async (otpId: string) => {
    if (!isId(otpId)) return undefined;
    const [otp] = await queryRows<{ destination: string; sealed_code: string }>(
      orm.em.fork(),
      'select destination, sealed_code from otp_codes where id = ?',
      [otpId],
    );
    return otp;
  };

  const readNotice = async (noticeId: string): Promise<ChannelMessage | null> => {
    if (!isId(noticeId)) return null;
    const [notice] = await queryRows<{ title: string; body: string }>(
      orm.em.fork(),
      'select title, body from notices where id = ?',
      [noticeId],
    );
    return notice ? noticeMessage(notice) : null;
  };

  const toEndpoint = async (
    endpoint: EndpointRow,
    providerConfigId: string,
    message: ChannelMessage,
  ): Promise<SendTargetLookup> => {
    const destination = endpointDestination(endpoint, box);
    if (providerConfigId !== DIRECT_PROVIDER) {
      return throughProvider(providerConfigId, destination, message);
    }
    const channelId = plugins.directChannelFor(endpoint.type)?.id;
    if (channelId === undefined) return unsendable(`A ${endpoint.type} endpoint has no direct channel`);
    const config = { ...options.channelConfigs?.[channelId] };
    return send({ channelId, config, destination, message });
  };

  const throughProvider = async (
    providerConfigId: string,
    destination: Record<string, unknown>,
    message: ChannelMessage,
  ): Promise<SendTargetLookup> => {
    const provider = await loadProvider(providerConfigId);
    if (!provider) return unsendable(`Provider config ${providerConfigId} no longer exists`);
    if ('unserved' in provider) {
      const { kind, provider: name } = provider.unserved;
      return unsendable(`No loaded channel plugin serves ${kind} provider configs of provider ${name}`);
    }
    return send({ channelId: provider.channelId, config: provider.config, destination, message });
  };

  return {
    async resolve({ notification, providerConfigId }) {
      if (notification.kind === 'otp') {
        const otp = await readOtp(notification.otpId);
        if (!otp) return unsendable(`OTP ${notification.otpId} no longer exists`);
        return throughProvider(
          providerConfigId,
          { value: otp.destination },
          otpMessage(box.decrypt(otp.sealed_code)),
        );
      }
      const endpoint = await loadEndpoint(notification.endpointId);
      if (!endpoint) return unsendable(`Endpoint ${notification.endpointId} no longer exists`);
      if (notification.kind === 'notice') {
        const notice = await readNotice(notification.noticeId);
        if (!notice) return unsendable(`Notice ${notification.noticeId} no longer exists`);
        return toEndpoint(endpoint, providerConfigId, notice);
      }
      const { alertEventId, endpointId, carried } = notification;
      const message = await options.alertMessages.messageFor({
        alertEventId,
        endpointId,
        ...(carried ? { carried } : {}),
      });
      if (!message) return unsendable(`Alert event ${alertEventId} no longer exists`);
      return toEndpoint(endpoint, providerConfigId, message);
    },
    activeProxy: () => activeMessengerProxy(orm.em.fork(), box),
  };
}
